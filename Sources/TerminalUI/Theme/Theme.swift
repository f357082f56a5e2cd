import CheckoutSheet

/// The styles of every `Role` for one colour profile and colour scheme.
///
/// Whatever the colours, meaning survives without them: the selection is reverse + bold, errors
/// are bold, struck prices are dim, so a monochrome terminal (or `NO_COLOR`) loses nothing.
///
/// Colours by depth: 8 colours have no grey, so muted text is the terminal's own foreground, dim
/// (bright black would be black, invisible on a dark background); 16 colours use bright black;
/// 256 and 24-bit colours use the theme's own colours (mid-tones chosen to read on dark and light
/// backgrounds alike), exact at 24-bit and their xterm-palette equals at 256.
public struct Theme: Sendable {
    public let profile: ColorProfile
    /// The background every cell of an area starts with (the sheet's background for sheet themes).
    public let background: Color
    private let styles: [Style]

    public subscript(role: Role) -> Style { styles[role.rawValue] }

    /// The palette a scheme uses; the roles are derived from it the same way for every scheme.
    struct Palette {
        var foreground: Color = .terminalDefault
        var background: Color = .terminalDefault
        var accent: Color = .cyan
        var tint: Color = .magenta
        /// nil: the default foreground, dim.
        var muted: Color? = .brightBlack
        var barForeground: Color = .black
        var barBackground: Color = .cyan
        var error: Color = .red
        var success: Color = .green
        var warning: Color = .yellow
        var errorBarForeground: Color = .brightWhite

        init(_ profile: ColorProfile) {
            switch profile {
            case .monochrome, .ansi16: break
            case .ansi8: muted = nil
            case .ansi256, .trueColor:
                // xterm palette 31, 244, 160, 28, 136: exact at 24-bit, the same entries at 256.
                accent = .rgb(0, 135, 175)
                muted = .rgb(128, 128, 128)
                error = .rgb(215, 0, 0)
                success = .rgb(0, 135, 0)
                warning = .rgb(175, 135, 0)
                barForeground = .rgb(0, 0, 0)
                barBackground = accent
                errorBarForeground = .rgb(255, 255, 255)
            }
        }
    }

    /// The app's own theme: the terminal's default colours with ANSI accents.
    public static func standard(_ profile: ColorProfile) -> Theme {
        Theme(profile: profile, palette: Palette(profile))
    }

    /// The checkout sheet's theme for the configuration's colour scheme: automatic follows the
    /// terminal's colours, light and dark set their own background, web uses the shop's brand colours.
    public static func sheet(_ configuration: CheckoutConfiguration, profile: ColorProfile) -> Theme {
        var palette = Palette(profile)
        palette.tint = Color(configuration.tintColor)
        switch configuration.colorScheme {
        case .automatic:
            break
        case .light:
            palette.foreground = .black
            palette.background = profile >= .ansi256 ? .indexed(255) : .white
            palette.muted = profile >= .ansi256 ? .indexed(242) : .black
            palette.accent = .blue
            palette.barForeground = .brightWhite
            palette.barBackground = .blue
        case .dark:
            palette.foreground = profile >= .ansi256 ? .indexed(252) : .white
            palette.background = profile >= .ansi256 ? .indexed(235) : .black
            palette.muted = profile >= .ansi256 ? .indexed(245) : .white
        case .web:
            palette.background = Color(configuration.backgroundColor)
            palette.accent = Color(configuration.tintColor)
            palette.barBackground = Color(configuration.tintColor)
            if configuration.closeButtonTintColor != .terminalDefault {
                palette.muted = Color(configuration.closeButtonTintColor)
            }
        }
        return Theme(profile: profile, palette: palette)
    }

    init(profile: ColorProfile, palette p: Palette) {
        /// A muted style: the palette's muted colour, or the default foreground dimmed.
        func mutedStyle(_ attributes: TextAttributes = []) -> Style {
            guard let muted = p.muted else { return Style(foreground: p.foreground, background: p.background,
                                                          attributes: attributes.union(.dim)) }
            return Style(foreground: muted, background: p.background, attributes: attributes)
        }
        self.profile = profile
        let color = profile != .monochrome
        self.background = color ? p.background : .terminalDefault
        func s(_ fg: Color?, _ bg: Color? = nil, _ attributes: TextAttributes = []) -> Style {
            guard color else { return Style(attributes: attributes) }
            return Style(foreground: fg ?? p.foreground, background: bg ?? p.background, attributes: attributes)
        }
        var table = [Style](repeating: .plain, count: Role.allCases.count)
        for role in Role.allCases {
            let style: Style
            switch role {
            case .text: style = s(nil)
            case .muted: style = color ? mutedStyle() : Style(attributes: .dim)
            case .heading: style = s(nil, nil, .bold)
            case .accent: style = s(p.accent, nil, .bold)
            // Reverse video follows the terminal's (or the sheet's) own colours, reads in every
            // scheme, and costs the fewest bytes when the selection moves.
            case .selection: style = s(nil, nil, [.reverse, .bold])
            case .selectionMuted: style = s(nil, nil, .reverse)
            case .header: style = color ? s(p.barForeground, p.barBackground, .bold) : Style(attributes: [.reverse, .bold])
            case .footer: style = color ? mutedStyle() : Style(attributes: .dim)
            case .key: style = s(p.accent, nil, .bold)
            case .price: style = s(nil, nil, .bold)
            case .compareAt: style = color ? mutedStyle(.strikethrough) : Style(attributes: [.dim, .strikethrough])
            case .soldOut: style = color ? s(p.error) : Style(attributes: .dim)
            case .onSale: style = s(p.success, nil, .bold)
            case .success: style = s(p.success, nil, .bold)
            case .warning: style = s(p.warning, nil, .bold)
            case .error: style = s(p.error, nil, .bold)
            case .errorBar: style = color ? s(p.errorBarForeground, p.error, .bold) : Style(attributes: [.reverse, .bold])
            case .border: style = color ? mutedStyle() : Style()
            case .panelTitle: style = s(p.accent, nil, .bold)
            case .field: style = s(nil, nil, .underline)
            case .fieldFocused: style = color ? s(nil, nil, [.underline, .bold]) : Style(attributes: [.underline, .bold])
            case .fieldLabel: style = color ? mutedStyle() : Style()
            case .placeholder: style = color ? mutedStyle(.underline) : Style(attributes: [.dim, .underline])
            case .tint: style = s(p.tint, nil, .bold)
            case .tintTrack: style = color ? mutedStyle() : Style(attributes: .dim)
            case .link: style = s(p.accent, nil, .underline)
            }
            table[role.rawValue] = style
        }
        self.styles = table
    }
}

extension Color {
    /// A configuration colour (the kit's colours, in terminal terms).
    public init(_ color: CheckoutConfiguration.TerminalColor) {
        switch color {
        case .black: self = .black
        case .red: self = .red
        case .green: self = .green
        case .yellow: self = .yellow
        case .blue: self = .blue
        case .magenta: self = .magenta
        case .cyan: self = .cyan
        case .white: self = .white
        case .indexed(let n): self = .indexed(UInt8(clamping: n))
        case .terminalDefault: self = .terminalDefault
        }
    }
}
