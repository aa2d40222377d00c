// The library as an app imports it: `import Interlinear` brings the engine's public API, stage by stage, so an
// app needs one import instead of seven. The renderer (cairo) is a product of its own, `InterlinearRender`, so an
// app that draws with its own toolkit does not link cairo.
@_exported import InterlinearAccessibility
@_exported import InterlinearCorpus
@_exported import InterlinearSession
@_exported import InterlinearShaping
@_exported import InterlinearStore
@_exported import InterlinearTable
@_exported import InterlinearTypesetting
