/// The version of the storefront: the one place it is written. `Scripts/package-deb` reads it
/// from this line to name the package.
public enum StorefrontVersion {
    public static let number = "0.1.0"
}
