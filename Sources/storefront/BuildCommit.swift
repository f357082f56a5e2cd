// The commit this binary was built from. Scripts/package-deb writes it here for the build it
// makes (and puts this file back afterwards); any other build says "unknown commit".
let buildCommit: String? = nil
