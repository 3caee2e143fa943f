// `import Cellar` is all an app writes: the text types the table's API
// takes (`TextStyle`, `Color`, …) come with it.
@_exported import CellarText
