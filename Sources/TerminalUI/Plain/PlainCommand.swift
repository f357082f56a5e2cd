import AppCore
import Storefront

/// One line of the plain mode's conversation: a word and its arguments (`open 3`, `search tag:tea`).
enum PlainCommand: Equatable {
    case help, list, back, home, more, quit, events
    case open(Int)
    /// `add`: the product shown; `add N` on a list: product N; `add N` on a product: quantity N.
    case add(Int?)
    case search(String)
    case cart, checkout
    /// `set OPTION VALUE` on a product.
    case set(option: String, value: String)
    /// `qty Q` on a product, `qty N Q` in the cart.
    case quantity(line: Int?, quantity: Int)
    case remove(Int)
    /// nil clears the codes.
    case discount(String?)
    case note(String)
    case account, login, logout, cancel
    /// `orders`: the list; `order N`: an order by its number (#1001) or its place in the list.
    case orders(String?)
    /// `subscriptions`: the list; `pause N`, `resume N`, `skip N`, `cancel N` (`cancel N yes` to do it).
    case subscriptions
    case subscription(SubscriptionRequest, Int, confirmed: Bool)
    /// `about`: the shop's page; `about POLICY`: one policy.
    case about(ShopPolicy.Kind?)
    /// `country`: the countries the shop sells in; `country JP` (or a name): shop from there.
    case country(String?)
    /// Not understood: the message says why.
    case invalid(String)

    init(_ line: String) {
        var text = Substring(line.trimmingCharacters(in: .whitespaces))
        if text.first == "/" { text = text.dropFirst() }
        let word = text.prefix { !$0.isWhitespace }.lowercased()
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        let numbers = rest.split(separator: " ").map { Int($0) }
        func number(_ make: (Int) -> PlainCommand) -> PlainCommand {
            guard numbers.count == 1, let n = numbers[0] else { return .invalid("\(word) needs a number, like \(word) 2.") }
            return make(n)
        }
        switch word {
        case "", "list", "ls", "l": self = .list
        case "help", "?", "h": self = .help
        case "back", "b", "esc": self = .back
        case "home", "collections": self = .home
        case "more", "next": self = .more
        case "quit", "q", "exit": self = .quit
        case "events", "log": self = .events
        case "open", "o": self = number { .open($0) }
        case "add", "a": self = rest.isEmpty ? .add(nil) : number { .add($0) }
        case "search", "s", "find":
            self = rest.isEmpty ? .invalid("search needs a query, like search tag:tea.") : .search(rest)
        case "cart", "c": self = .cart
        case "checkout", "pay": self = .checkout
        case "set", "choose":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            self = parts.count == 2 ? .set(option: parts[0], value: parts[1]) : .invalid("set needs an option and a value, like set Size 1 kg.")
        case "qty", "quantity":
            switch numbers.count {
            case 1 where numbers[0] != nil: self = .quantity(line: nil, quantity: numbers[0]!)
            case 2 where numbers[0] != nil && numbers[1] != nil: self = .quantity(line: numbers[0]!, quantity: numbers[1]!)
            default: self = .invalid("qty needs a quantity (on a product) or a line and a quantity (in the cart), like qty 1 3.")
            }
        case "remove", "rm", "x": self = number { .remove($0) }
        case "discount", "code":
            let clear = ["", "none", "clear", "-"].contains(rest.lowercased())
            self = .discount(clear ? nil : rest)
        case "note": self = .note(rest)
        case "account", "u": self = .account
        case "login": self = .login
        case "logout": self = .logout
        case "cancel":
            let words = rest.split(separator: " ")
            if words.isEmpty {
                self = .cancel
            } else if let n = Int(words[0]), words.count == 1 || (words.count == 2 && words[1].lowercased() == "yes") {
                self = .subscription(.cancel, n, confirmed: words.count == 2)
            } else {
                self = .invalid("cancel N cancels subscription N (cancel N yes to confirm); cancel alone stops a login.")
            }
        case "subscriptions", "subscription", "subs": self = .subscriptions
        case "pause": self = number { .subscription(.pause, $0, confirmed: true) }
        case "resume": self = number { .subscription(.resume, $0, confirmed: true) }
        case "skip": self = number { .subscription(.skip, $0, confirmed: true) }
        case "orders", "order": self = .orders(rest.isEmpty ? nil : rest)
        case "country", "countries", "market", "m": self = .country(rest.isEmpty ? nil : rest)
        case "about", "policy":
            if rest.isEmpty { self = .about(nil) } else if let kind = ShopPolicy.Kind(name: rest) { self = .about(kind) } else {
                self = .invalid("\"\(rest)\" is not a policy; try about \(ShopPolicy.Kind.names).")
            }
        default: self = .invalid("Unknown command \"\(word)\". help lists the commands.")
        }
    }

    /// Every line fits 80 columns, so no terminal breaks a word.
    static let helpText = """
        Commands (one per line):
          list               show this screen again (an empty line does too)
          open N             open item N of the list
          add N              put product N of the list in the cart
                             (on a product: add QUANTITY)
          set OPTION VALUE   on a product: pick a choice, like set Size 1 kg
          qty Q / qty N Q    on a product: the quantity; in the cart: line N's quantity
          search QUERY       search in the Shopify search syntax, like search tag:tea
          more               the next page of a list
          cart               the cart; remove N, discount CODE (discount none clears),
                             note TEXT
          checkout           check out: answer each field; /back and /cancel act
                             instead of a value
          account            who is logged in and their orders; login, logout, cancel
          orders, order N    your orders; one order by its number (#1001) or by its
                             place in the list
          subscriptions      your subscriptions; pause N, resume N, skip N (the next
                             delivery), cancel N (asks; cancel N yes cancels)
          about [POLICY]     about the shop; one policy: refund, shipping, privacy,
                             terms
          country [CODE]     the countries and their currencies; country JP shops
                             from Japan (prices follow, and the cart's country with
                             them)
          events             every checkout event so far
          back, home         the previous screen, the collections
          help, quit
        Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined,
        4000 0000 0000 0119 fails once; any future expiry (MM/YY), any three-digit code.
        """
}
