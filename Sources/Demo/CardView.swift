import Raster
import Views

/// One card: an image filling the top (aspect fill, rounded at the card's top corners), a bold
/// title and a two-line description, on white with a soft shadow. Darkens while held.
final class CardView: View {
    let imageView: ImageView
    let titleLabel: Text
    let bodyLabel: Text
    let button: Button

    init(_ content: CardContent, language: Language, image: Pixmap?) {
        let r = Theme.cardRadius
        imageView = ImageView(image, contentMode: .fill, cornerRadii: CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0))
        imageView.accessibilityLabel = content.imageDescription?(language)
        titleLabel = Text(content.title(language), font: Theme.cardTitleFont, color: Palette.label, lineLimit: 1)
        bodyLabel = Text(content.body(language), font: Theme.cardBodyFont, color: Palette.secondaryLabel,
                         lineLimit: 2, reservesSpace: true)
        let texts = VStack(alignment: .leading, spacing: 4, children: [titleLabel, bodyLabel])
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 10, leading: 12, bottom: 12, trailing: 12))
        let shape = Shape.roundedRect(cornerRadius: Theme.cardRadius)
        // The image rounds its own top corners, so the card needs no clip mask.
        let card = VStack(alignment: .leading, spacing: 0, children: [imageView.aspectRatio(Theme.imageAspect), texts])
            .background(.white, in: shape)
            .shadow(color: Theme.cardShadow, radius: 8, y: 2, shape: shape)
        button = Button(shape: shape, pressedColor: Theme.cardPressed, action: {}, label: card)
        super.init(children: [button])
    }

    /// Whether the card is held down now.
    var isPressed: Bool { button.isPressed }

    func show(_ content: CardContent, language: Language) {
        titleLabel.string = content.title(language)
        bodyLabel.string = content.body(language)
        imageView.accessibilityLabel = content.imageDescription?(language)
    }
}
