/* The physical reference for `Scripts/bench cli`: read a TSV of rows
 * (text, detail) and write one formatted line per row (text left, detail
 * right-aligned in a fixed width, a rule between rows), as a table printer
 * with no layout engine would. Display width is approximated by counting
 * UTF-8 lead bytes, and wide characters as two columns in the Hangul and
 * emoji blocks, which is all the generated rows hold. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int width_of(const char *s, size_t n) {
    int w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if ((b & 0xC0) == 0x80) continue;
        w += (b >= 0xEA) ? 2 : 1; /* Hangul syllables (EA–ED) and 4-byte emoji (F0) */
    }
    return w;
}

int main(int argc, char **argv) {
    int width = argc > 1 ? atoi(argv[1]) : 80;
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    char rule[4 * 512];
    size_t rn = 0;
    for (int i = 0; i < width - 1 && i < 500; i++) { memcpy(rule + rn, "\xe2\x94\x80", 3); rn += 3; }
    int first = 1;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        char *tab = memchr(line, '\t', (size_t)n);
        size_t tn = tab ? (size_t)(tab - line) : (size_t)n;
        const char *detail = tab ? tab + 1 : "";
        size_t dn = tab ? (size_t)n - tn - 1 : 0;
        if (!first) { putchar(' '); fwrite(rule, 1, rn, stdout); putchar('\n'); }
        first = 0;
        int pad = width - 2 - width_of(line, tn) - width_of(detail, dn);
        putchar(' ');
        fwrite(line, 1, tn, stdout);
        for (int i = 0; i < pad; i++) putchar(' ');
        fwrite(detail, 1, dn, stdout);
        putchar('\n');
    }
    free(line);
    return 0;
}
