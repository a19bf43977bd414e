// The Overlays module. See DESIGN.md for its place in the pipeline.
