import CSDL2Image
import Foundation
import ImageFiles
import Raster

/// Reading images: the PNG path Limelight takes (libspng, limits set, straight into the pixmap's
/// rows and premultiplied in place) beside SDL2_image's libpng loader on the same bytes, converted
/// to ARGB8888 as SDL gives it (the baseline, measured in the same run), for a screenshot and a
/// golden frame.
enum ImageBenchmarks {
    static func decode(_ h: Harness) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = [("screenshot", "assets/tours/screenshots/home-ja@2x.png"), ("golden", "assets/tours/fab.goldens/390x844@1x-en-step01.png")]
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
        for (kind, relative) in files {
            let path = root.appendingPathComponent(relative).path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let image = try Pixmap(imageData: bytes, name: path)
            let size = "\(image.width)x\(image.height)"
            let baseline = "image.sdl_image.\(kind)"
            h.record(baseline, size: size) {
                bytes.withUnsafeBytes { raw in
                    guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)),
                          let surface = IMG_LoadPNG_RW(stream) else { return }
                    SDL_RWclose(stream)
                    if let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) { SDL_FreeSurface(converted) }
                    SDL_FreeSurface(surface)
                }
            }
            let ms = h.median { _ = try? Pixmap(imageData: bytes, name: path) }
            h.add("image.png.\(kind)", size: size, milliseconds: ms, baseline: baseline)
        }
        h.note("image.png.*: the file's bytes measured and decoded by libspng into a pixmap, premultiplied; × is the ratio to image.sdl_image.* (SDL2_image's libpng loader on the same bytes, to ARGB8888, not premultiplied)")
    }
}
