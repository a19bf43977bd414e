/// The image formats read, each decoded by its own decoder once its header has been read.
enum ImageFormat: String, Sendable {
    /// PNG, decoded with libspng.
    case png = "PNG"
    /// JPEG, decoded by SDL2_image (libjpeg).
    case jpeg = "JPEG"
    /// GIF (the first frame), decoded with giflib.
    case gif = "GIF"
    /// BMP, decoded by SDL2_image (SDL's own reader).
    case bmp = "BMP"
    /// WebP, decoded by SDL2_image (libwebp).
    case webp = "WebP"
    /// QOI, decoded by SDL2_image.
    case qoi = "QOI"
}
