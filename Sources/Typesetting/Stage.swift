// Filled in by the pipeline stage's own files.
