// SDL's C API comes with `import SDLHost`: the `CSDL2` module (SDL2's headers, linked to libSDL2)
// is re-exported, so an app that owns its SDL window makes its window and renderer, waits for its
// events and hands them to `SDLEmbedding` with the types and calls SDL declares, importing nothing
// of Limelight's internals. SDL's function-like macros, which do not import into Swift, are there as
// functions: `limelight_windowpos_undefined()`, `limelight_windowpos_centered()`,
// `limelight_button_mask(_:)`.
@_exported import CSDL2
