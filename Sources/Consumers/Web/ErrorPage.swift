import InterlinearHTML

/// A request the server cannot answer with a page, said as a page: what was wrong and what to do, with the forms
/// of every page to do it (the go-to field holds the reference that was not understood).
struct ErrorPage: Error {
    let status: Status
    let heading: String
    /// What was wrong and what to do, as plain text.
    let advice: String
    /// The reference to put back in the go-to field.
    var reference = ""

    enum Status: Int {
        case badRequest = 400
        case forbidden = 403
        case notFound = 404
        case methodNotAllowed = 405
        case requestTimeout = 408
        case lengthRequired = 411
        case contentTooLarge = 413
        case uriTooLong = 414
        case unsupportedMediaType = 415
        case internalError = 500
        case serviceUnavailable = 503
        case insufficientStorage = 507
    }

    func page(frame: SiteFrame) -> String {
        var options = SiteFrame.Options()
        options.reference = reference
        let main =
            "<h1>\(Markup.text(heading))</h1>\n<p>\(Markup.text(advice))</p>\n"
            + "<p><a href=\"/\">Go to the home page</a> to choose a book.</p>\n"
        return frame.page(title: heading, main: main, options: options)
    }
}
