import InterlinearCorpus
import InterlinearHTML

/// What every page of the web reader has around its main content, in the HTML vocabulary of the exported pages
/// (`Serialization.html`): the style sheet and script as files of the server's own (no inline script or style, so
/// the Content-Security-Policy forbids both), a skip link, a banner with the go-to and search forms, which work
/// without JavaScript, and the sources' credits.
struct SiteFrame {
    /// The address of the style sheet and of the script, each with its content's tag, so a client may keep them
    /// for good (`Reply.Caching.immutable`) and a new build's files have new addresses.
    let styleAddress: String
    let scriptAddress: String
    /// Whether the server keeps notes: the banner links to them.
    var notes = false

    /// The site's name, at the start of the banner and the end of every title.
    static let name = "Interlinear Bible"

    struct Options {
        /// What the search field holds (the search page: the query it shows).
        var query = ""
        /// What the go-to field holds (an error page: the reference that was not understood).
        var reference = ""
        /// `<link>` lines for the head (`rel="prev"` and `rel="next"` on a chapter page).
        var links = ""
        /// The word order the go-to form keeps (`?order=english`), so a passage gone to reads as the page did.
        var order = WordOrder.source
        /// Which sources' credits the footer gives.
        var greek = true
        var hebrew = true
    }

    /// A whole page: `title` (the site's name is added), then `main` inside the `main` landmark.
    func page(title: String, main: String, options: Options = Options()) -> String {
        let head = """
            <link rel="stylesheet" href="\(styleAddress)"/>
            <script src="\(scriptAddress)" defer></script>
            \(options.links)
            """
        var out = Serialization.html.prologue(title: "\(title) — \(Self.name)", head: head)
        out += """
            <a class="skip" href="#main">Skip to the text</a>
            <header class="site">
            <p class="brand"><a href="/">\(Self.name)</a></p>
            \(notes ? "<p class=\"brand\"><a href=\"/notes\">Your notes</a></p>" : "")
            <form class="go" action="/go" method="get" aria-label="Go to a passage">
            <label for="go-ref">Go to</label>
            <input id="go-ref" name="ref" type="text" autocomplete="off" spellcheck="false" \
            aria-describedby="go-hint" value="\(Markup.text(options.reference))"/>
            \(options.order == .english ? "<input type=\"hidden\" name=\"order\" value=\"english\"/>" : "")
            <button type="submit">Go</button>
            <span id="go-hint" class="hint">a reference, such as John 1:14, Gen 1 or Ps 23</span>
            </form>
            <form class="find" role="search" action="/search" method="get" aria-label="Search the Bible">
            <label for="search-q">Search</label>
            <input id="search-q" name="q" type="search" autocomplete="off" spellcheck="false" \
            aria-describedby="search-hint" value="\(Markup.text(options.query))"/>
            <button type="submit">Search</button>
            <span id="search-hint" class="hint">a word (logos, elohim), G3056, V-AAI-3S or "in the beginning"</span>
            </form>
            </header>
            <main id="main" tabindex="-1">

            """
        out += main
        out += "</main>\n"
        out += PageCredits.footer(greek: options.greek, hebrew: options.hebrew, english: PageCredits.berean)
        out += "</body>\n</html>\n"
        return out
    }
}
