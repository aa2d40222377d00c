import Glibc

/// Which words are Latin and which English, from two Debian packages rather than a list of our own: William
/// Whitaker's WORDS (`whitakers-words`, a Latin parser over 39,000 dictionary entries and their inflections), asked
/// in a child process, and SCOWL's English word lists `wamerican` and `wbritish` (`/usr/share/dict`: "centres" and
/// "characterise" are English too).
/// `LatinPassages` uses both to find the Latin a commentator quotes, so that a Latin voice says it.
///
/// Nothing here trusts WORDS: its input is a temporary file of words (ASCII letters only, one a line), its output is
/// read for analysis lines only (a form, then a part of speech, whatever settings a `WORD.MOD` in the working folder
/// gives it), its stderr is closed, and a child that takes more than `timeout` seconds is killed: no Latin is found
/// then, and every word is said as English, as without the package.
package struct LatinLexicon: Sendable {
    /// Where Debian installs WORDS.
    package static let wordsProgram = "/usr/bin/whitakers-words"
    /// The English word lists (`wamerican`, `wbritish`); either will do.
    package static let englishLists = ["/usr/share/dict/american-english", "/usr/share/dict/british-english"]
    /// Seconds WORDS may take for one batch (a psalm's commentary asks a few hundred words: well under one).
    static let timeout = 20
    /// The parts of speech WORDS writes after a form it recognised ("es.t  V  5 1 PRES ACTIVE IND 3 S").
    static let partsOfSpeech: Set<Substring> = [
        "N", "V", "ADJ", "ADV", "PREP", "CONJ", "PRON", "INTERJ", "VPAR", "NUM", "SUPINE", "TACKON", "PREFIX",
        "SUFFIX", "PACK", "X",
    ]

    /// The English lists' text, a word a line.
    let lists: [String]

    /// The lexicon when WORDS and an English list are installed; nil otherwise (then no word is taken for Latin).
    package static func installed() -> LatinLexicon? {
        let lists = englishLists.compactMap(readFile)
        guard access(wordsProgram, X_OK) == 0, !lists.isEmpty else { return nil }
        return LatinLexicon(lists: lists)
    }

    /// Which of `words` (small letters) the English lists have as words, not names ("est" is one: the lists'
    /// superlative suffix). Only these are kept: a commentary's few thousand words, not the
    /// lists' two hundred thousand lines, are hashed into a set.
    package func english(among words: Set<String>) -> Set<String> {
        var found: Set<String> = []
        guard !words.isEmpty else { return found }
        for list in lists {
            // Words only, not names: "Bono" is no evidence that Aquinas's "in bono" is English.
            for line in list.split(separator: "\n") where line.first?.isLowercase == true {
                let word = String(line)
                if words.contains(word) { found.insert(word) }
            }
        }
        return found
    }

    /// Which of `words` (ASCII small letters) WORDS recognises as a Latin form as written: one of its analyses
    /// splits exactly that word into stem and ending. A form WORDS reaches only by changing the word (its "Word mod"
    /// tricks read "the" as "te") is not one.
    package func latin(_ words: Set<String>) -> Set<String> {
        let asked = words.filter { !$0.isEmpty && $0.utf8.allSatisfy { (0x61...0x7A).contains($0) } }
        guard !asked.isEmpty, let output = Self.run(asked.sorted()) else { return [] }
        var found: Set<String> = []
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, Self.partsOfSpeech.contains(fields[1]) else { continue }
            let form = String(fields[0].filter { $0 != "." }).lowercased()
            if asked.contains(form) { found.insert(form) }
        }
        return found
    }

    /// WORDS' output for `words`, each on two lines, then the blank lines that end it; nil when it could not be run
    /// or did not finish in time.
    private static func run(_ words: [String]) -> String? {
        // WORDS reads settings (`WORD.MOD`) from its working folder and may write files there: it works in a
        // folder of its own, made for this call (mkdtemp: a new name, mode 0700) and holding only its input, never
        // in the user's current folder; the folder is emptied and removed afterwards.
        guard let addChdir = Self.addChdir else { return nil }
        guard let folder = PrivateFolder.make("interlinear-latin") else { return nil }
        defer { removeFolder(folder) }
        let file = open(folder + "/words", O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        defer { close(file) }
        // Each word twice: after a long analysis WORDS pauses ("MORE - hit RETURN/ENTER to continue") and takes the
        // next line as the key pressed, so the word on that line would go unread.
        let input = Array((words.map { $0 + "\n" + $0 }.joined(separator: "\n") + "\n\n\n").utf8)
        guard PrivateFolder.write(input, to: file) else { return nil }
        guard lseek(file, 0, SEEK_SET) == 0 else { return nil }
        var pipeEnds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pipeEnds) == 0
        else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, file, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard addChdir(&actions, folder) == 0 else { return nil }
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(wordsProgram), nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, wordsProgram, &actions, nil, arguments, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Deadline(seconds: timeout)
        var finished = false
        while true {
            let left = deadline.millisecondsLeft
            guard left > 0 else { break }
            var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 60_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                finished = count == 0
                break
            }
            // A parser that writes without end is stopped: a few hundred words give well under a megabyte.
            guard output.count < 64 << 20 else { break }
            output += chunk[..<count]
        }
        if !finished { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard finished else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc module does not declare;
    /// nil without it (then WORDS is not run: no Latin is found).
    private typealias AddChdir =
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32
    private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }

    /// Removes the folder `run` made, with whatever files WORDS left in it (no folder of its own: none is made).
    private static func removeFolder(_ folder: String) {
        for name in PrivateFolder.names(in: folder) { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// A whole small file as text, or nil.
    private static func readFile(_ path: String) -> String? {
        guard let stream = fopen(path, "rb") else { return nil }
        defer { fclose(stream) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, stream) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            guard bytes.count < 16 << 20 else { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
