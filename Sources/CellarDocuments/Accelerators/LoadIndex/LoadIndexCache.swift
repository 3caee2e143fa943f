import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where load indexes are kept: one file per source file of at least `minimumSize` bytes (named by a hash of its real
/// path), the oldest removed beyond `maximumTotalSize`.
///
/// The cache only ever saves time: an index that cannot be read or does not match is passed over and the file scanned;
/// one that cannot be written is not, without a word. Indexes are renamed into place whole.
public struct LoadIndexCache: Sendable {
    /// The directory the indexes are kept in (made, mode 0700, when the first is written).
    public var directory: String
    /// Files smaller than this are checked whole at every load.
    public var minimumSize: Int
    /// The indexes' total size, beyond which the oldest are removed.
    public var maximumTotalSize: Int

    /// A cache in `directory`. Below 8 MiB a check costs about what reading an
    /// index saves. 1 GiB holds the JSON form of a YAML table of a million rows
    /// with long notes (a form may take half the cache), beside the indexes.
    public init(directory: String, minimumSize: Int = 8 << 20, maximumTotalSize: Int = 1 << 30) {
        self.directory = directory
        self.minimumSize = minimumSize
        self.maximumTotalSize = maximumTotalSize
    }

    /// The cache the environment names: `$CELLAR_CACHE_DIR`, else `$XDG_CACHE_HOME/cellar`, else `~/.cache/cellar`;
    /// none without a home or with accelerators off (the index is one). `CELLAR_CACHE_MAX_SIZE` (bytes, or `512M`,
    /// `4G`) sets the cache's total size; `CELLAR_LOAD_INDEX_MIN_SIZE` (bytes, or `8M`) the size from which files get
    /// an index, for tests and measurements. A value that is not a size is ignored, as the cache only saves time.
    /// `variable` reads the environment (nil: the process's own).
    public static func fromEnvironment(_ variable: ((String) -> String?)? = nil) -> LoadIndexCache? {
        let variable = variable ?? CacheFiles.variable
        guard Accelerators.enabled(.loadIndex), let directory = CacheFiles.directory(variable) else { return nil }
        var cache = LoadIndexCache(directory: directory)
        if let text = variable("CELLAR_LOAD_INDEX_MIN_SIZE"), let n = text == "0" ? 0 : InputFile.parseSize(text) {
            cache.minimumSize = n
        }
        if let text = variable("CELLAR_CACHE_MAX_SIZE"), let n = InputFile.parseSize(text) {
            cache.maximumTotalSize = n
        }
        return cache
    }

    /// Whether a file of this identity, read as `bytes`, may have an index: big enough, and read whole as it was when opened.
    func applies(to identity: FileIdentity?, bytes: DocumentBytes) -> FileIdentity? {
        guard let identity, isBigEnough(identity), identity.size == UInt64(bytes.count) else { return nil }
        return identity
    }

    private func isBigEnough(_ identity: FileIdentity) -> Bool { identity.size >= UInt64(max(0, minimumSize)) }

    /// Nil when no index fits (the caller scans).
    func restored(_ input: DocumentInput, options: TableOptions) -> StreamedDocument? {
        guard let identity = applies(to: input.identity, bytes: input.bytes),
            let index = index(of: input.path, identity: identity, format: input.format, options: options)
        else { return nil }
        return Self.restoring(StreamedDocument(input, options: options), from: index)
    }

    /// Writes the index of a scan just read, unless the file is too small, racy, or changed while read.
    func store(_ doc: StreamedDocument, _ input: DocumentInput) {
        guard let identity = applies(to: input.identity, bytes: input.bytes),
            let path = realPath(ofUnchanged: input.path, identity)
        else { return }
        write(LoadIndex(doc, identity: identity, path: path), of: doc)
    }

    /// A YAML file's document from its index and kept JSON form (`store(_:yamlFile:identity:form:)`),
    /// or nil (the caller reads the YAML) when either is missing or does not match.
    func restored(yamlFile path: String, sizeLimit: Int, options: TableOptions) -> StreamedDocument? {
        guard let (fd, info) = try? InputFile.openRegular(path, limit: sizeLimit) else { return nil }
        close(fd)
        let identity = FileIdentity(info)
        guard isBigEnough(identity), let index = index(of: path, identity: identity, format: .yaml, options: options),
            let form = index.form,
            let json = JSONFormSpool.kept(
                file(for: index.path, suffix: IndexFiles.formSuffix), identity: form, naming: path)
        else { return nil }
        let input = DocumentInput(path: path, bytes: [], format: .yaml)
        return Self.restoring(StreamedDocument(input, json: json, source: .file(path), options: options), from: index)
    }

    /// Keeps a YAML file's JSON form, spooled in this cache's directory (so it is
    /// named there without a copy), and the index of its scan, unless the file is too
    /// small, racy or changed while read, or the form would take half the cache or more.
    func store(_ doc: StreamedDocument, yamlFile path: String, identity: FileIdentity, form spool: JSONFormSpool) {
        guard spool.directory == directory, isBigEnough(identity), keeps(formOfSize: doc.bytes.count),
            let real = realPath(ofUnchanged: path, identity)
        else { return }
        let formName = file(for: real, suffix: IndexFiles.formSuffix)
        guard let form = spool.keep(as: formName) else { return }
        write(LoadIndex(doc, identity: identity, form: form, path: real), of: doc, keeping: [formName])
    }

    /// Whether a JSON form of `size` bytes is kept: under half the cache, so that one form never
    /// evicts every other table's index.
    func keeps(formOfSize size: Int) -> Bool { size < maximumTotalSize / 2 }

    /// The index kept for the file at `path` when it is of `identity`, read as `format` with `options`.
    private func index(of path: String, identity: FileIdentity, format: InputFormat, options: TableOptions)
        -> LoadIndex?
    {
        guard let real = PathName.real(path),
            let bytes = CacheFiles.read(file(for: real), sizeLimit: 64 + 32 * Int(identity.size)),
            let index = try? LoadIndex.decode(bytes),
            index.identity == identity, index.path == real,
            index.fingerprint == LoadIndex.Fingerprint(format: format, options: options)
        else { return nil }
        return index
    }

    /// `doc` with the rows of `index`, or nil when they do not fit its bytes (the caller scans).
    private static func restoring(_ doc: StreamedDocument, from index: LoadIndex) -> StreamedDocument? {
        do { try doc.restore(index) } catch { return nil }
        doc.refreshDecoder()
        return doc
    }

    /// The real path of the file at `path` when it is still of `identity` and not
    /// written too recently for its index to be trusted.
    private func realPath(ofUnchanged path: String, _ identity: FileIdentity) -> String? {
        guard !identity.isRacy(), let real = PathName.real(path), FileIdentity.of(path: real) == identity else {
            return nil
        }
        return real
    }

    /// Writes `index` (of `doc`), then removes the oldest beyond the total size, never it or `kept`.
    private func write(_ index: LoadIndex, of doc: StreamedDocument, keeping kept: [String] = []) {
        let name = file(for: index.path)
        guard let bytes = try? index.encoded(), CacheFiles.write(bytes, to: name, in: directory) else { return }
        doc.loadIndexUse = .written
        IndexFiles.evict(in: directory, beyond: maximumTotalSize, keeping: [name] + kept)
    }

    /// The index file (or with `suffix`, the kept JSON form) of the source file at `realPath`.
    func file(for realPath: String, suffix: String = IndexFiles.suffix) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in realPath.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + suffix
    }
}
