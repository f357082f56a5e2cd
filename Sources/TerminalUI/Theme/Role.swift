/// What a piece of text is, as far as looks go. Views ask the theme for a role's style.
public enum Role: Int, CaseIterable, Sendable {
    case text, muted, heading, accent
    case selection, selectionMuted
    case header, footer, key
    case price, compareAt, soldOut, onSale
    case success, warning, error, errorBar
    case border, panelTitle
    case field, fieldFocused, fieldLabel, placeholder
    case tint, tintTrack
    case link
}
