import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTypesetting
import Synchronization

private let fontChainResult = Mutex<Result<FontChain, any Error>?>(nil)

/// The Gentium Plus chain every test shares (loading fonts once). A missing font fails the tests that need it,
/// with fontconfig's message, instead of stopping the whole test process.
package func sharedFontChain() throws -> FontChain {
    try fontChainResult.withLock { cached in
        if let cached { return try cached.get() }
        let result = Result { try FontChain(family: "Gentium Plus") }
        cached = result
        return try result.get()
    }
}

/// A fresh session over the committed corpus with the shared fonts (each test owns its session: sessions hold a
/// shape cache, which is not thread-safe).
public func makeSession(options: LayoutOptions = LayoutOptions()) throws -> Interlinear {
    Interlinear(
        library: CorpusLibrary(corpusDirectory: corpusDirectory), fonts: try sharedFontChain(),
        options: options)
}
