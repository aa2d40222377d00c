import InterlinearHTML
import InterlinearStore

/// The search results page (`/search?q=logos`): the count first, as a heading, then the hits as a list of links,
/// a page of them at a time. The query language and the search are `interlinear search`'s (`StoreSearch`); `in`
/// narrows it as `--in` does (a book, nt, ot). The fragment (`&fragment=1`) is the results alone, which the script
/// puts in place of the last results and announces in a live region.
struct SearchPage {
    let query: String
    let scope: String?
    /// The results of the pages up to this one (the store's search returns the first N; page 3 lists 201–300).
    let result: SearchResult
    /// The page shown, counting from 1.
    let number: Int

    /// Hits on one page.
    static let perPage = 100
    /// The last page one may ask for: the 10,000 first hits of a search (the counts are always complete).
    static let lastPage = 100
    /// The longest query the server takes, in characters: far beyond any phrase a reader types, short enough that
    /// no address is longer than `WebSite.maximumTarget`.
    static let maximumQuery = 500

    /// "37 results for “logos”", the page's heading and what the live region says.
    var summary: String {
        let total = result.total
        let scoped = scope.map { " in \($0)" } ?? ""
        return "\(total) result\(total == 1 ? "" : "s") for “\(query)”\(scoped)"
    }

    func page(frame: SiteFrame) -> String {
        var options = SiteFrame.Options()
        options.query = query
        return frame.page(title: summary, main: results(), options: options)
    }

    /// The results: heading with the count, per-book counts, the hits, links to the next and previous pages.
    func results() -> String {
        var out = "<div class=\"results\" id=\"results\">\n<h1 id=\"results-h\">\(Markup.text(summary))</h1>\n"
        let first = (number - 1) * Self.perPage
        if result.total > 0 {
            if result.counts.count > 1 {
                out += "<p class=\"by-book\">"
                out += result.counts.map { "\(Markup.text($0.book.name)) \($0.hits)" }.joined(separator: ", ")
                out += ".</p>\n"
            }
            let shown = result.hits.dropFirst(first)
            if shown.count < result.total {
                out += "<p>Results \(first + 1) to \(first + shown.count).</p>\n"
            }
            out += HitList.html(shown)
        } else {
            out += "<p>Nothing matches. A Greek or Hebrew word may be typed as it sounds (logos, elohim), as a "
            out += "Strong's number (G3056, H430), as morphology (V-AAI-3S) or as English words (\"in the beginning\", "
            out += "love*).</p>\n"
        }
        out += pager(first: first)
        return out + "</div>\n"
    }

    private func pager(first: Int) -> String {
        let more = result.total > first + Self.perPage && number < Self.lastPage
        guard number > 1 || more else { return "" }
        var base = "/search?q=\(QueryString.encode(query))"
        if let scope { base += "&amp;in=\(QueryString.encode(scope))" }
        var out = "<nav class=\"pager\" aria-label=\"Result pages\">\n"
        if number > 1 { out += "<a rel=\"prev\" href=\"\(base)&amp;page=\(number - 1)\">Previous results</a>\n" }
        if more { out += "<a rel=\"next\" href=\"\(base)&amp;page=\(number + 1)\">Next results</a>\n" }
        return out + "</nav>\n"
    }
}
