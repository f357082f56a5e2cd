/// The one error bar, fed by the features' `failed` delegate actions.
public enum ErrorBarAction: Hashable, Sendable {
    case show(String)
    /// Something done that the shopper should know of (not a failure): the bar shows it with ✓.
    case notify(String)
    case dismiss
    /// Takes the bar down when it still shows a message starting with one of these (the failure it
    /// told of is over); any other message stays.
    case withdraw([String])
}
