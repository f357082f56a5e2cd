import Foundation
import Graphiti
import Storefront

/// The customer's subscriptions in the Customer Account API: `Customer.subscriptionContracts`,
/// `Customer.subscriptionContract(id:)`, and `subscriptionContractPause`, `…Activate`, `…Cancel` and
/// `subscriptionBillingCycleSkip`, over the shop's subscription book. A contract serves its
/// status, dates, billing and delivery policies, lines, upcoming billing cycles and origin order;
/// not its delivery method, discounts, payment instrument or price breakdown.
final class CustomerAccountSubscriptionTypes: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Scalar(UnsignedInt64Value.self, as: UnsignedInt64Scalar.name)
        Enum(SubscriptionContractSubscriptionStatus.self) {
            Value(.active)
            Value(.cancelled)
            Value(.expired)
            Value(.failed)
            Value(.paused)
            Value(.stale)
        }
        Enum(SubscriptionInterval.self) {
            Value(.day)
            Value(.month)
            Value(.week)
            Value(.year)
        }
        Enum(SubscriptionBillingCycleBillingCycleStatus.self) {
            Value(.billed)
            Value(.unbilled)
        }
        Enum(SubscriptionContractsSortKeys.self) {
            Value(.createdAt)
            Value(.id)
            Value(.status)
            Value(.updatedAt)
        }
        Enum(SubscriptionBillingCyclesSortKeys.self) {
            Value(.cycleEndAt)
            Value(.cycleIndex)
            Value(.id)
        }
        Enum(CountPrecision.self) {
            Value(.atLeast)
            Value(.exact)
        }
        Enum(SubscriptionContractStatusUpdateErrorCode.self) {
            Value(.contractFailed)
            Value(.contractTerminated)
            Value(.hasFutureEdits)
            Value(.invalid)
            Value(.subscriptionContractDoesNotExist)
        }
        Enum(SubscriptionBillingCycleSkipUserErrorCode.self) {
            Value(.invalid)
        }
        Type(CountNode.self, as: "Count") {
            keyField("count", at: \.count)
            keyField("precision", at: \.precision)
        }
        Type(SubscriptionContractNode.self, as: "SubscriptionContract", interfaces: [NodeValue.self]) {
            keyField("appEligibleForCustomerActions", at: \.appEligibleForCustomerActions)
            keyField("billingPolicy", at: \.billingPolicy)
            keyField("createdAt", at: \.createdAtValue)
            keyField("currencyCode", at: \.currencyCode)
            keyField("deliveryPolicy", at: \.deliveryPolicy)
            keyField("deliveryPrice", at: \.deliveryPrice)
            keyField("id", at: \.idValue)
            keyField("lineCount", at: \.lineCount)
            Field("lines", at: SubscriptionContractNode.lines) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("reverse", at: \.reverse).defaultValue(false)
            }
            keyField("linesCount", at: \.linesCount)
            keyField("nextBillingDate", at: \.nextBillingDate)
            keyField("note", at: \.note)
            Field("originOrder", at: SubscriptionContractNode.originOrder)
            keyField("revisionId", at: \.revisionId)
            keyField("status", at: \.status)
            Field("upcomingBillingCycles", at: SubscriptionContractNode.upcomingBillingCycles) {
                Argument("after", at: \.after)
                Argument("before", at: \.before)
                Argument("first", at: \.first)
                Argument("last", at: \.last)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("sortKey", at: \.sortKey).defaultValue(.cycleIndex)
            }
            keyField("updatedAt", at: \.updatedAtValue)
        }
        Type(SubscriptionBillingPolicyNode.self, as: "SubscriptionBillingPolicy") {
            keyField("interval", at: \.interval)
            keyField("intervalCount", at: \.intervalCount)
            keyField("maxCycles", at: \.maxCycles)
            keyField("minCycles", at: \.minCycles)
        }
        Type(SubscriptionDeliveryPolicyNode.self, as: "SubscriptionDeliveryPolicy") {
            keyField("interval", at: \.interval)
            keyField("intervalCount", at: \.intervalCount)
        }
        Type(SubscriptionLineNode.self, as: "SubscriptionLine") {
            keyField("currentPrice", at: \.currentPrice)
            keyField("id", at: \.idValue)
            Field("image", at: SubscriptionLineNode.image)
            keyField("lineDiscountedPrice", at: \.lineDiscountedPrice)
            keyField("name", at: \.name)
            keyField("quantity", at: \.quantity)
            keyField("requiresShipping", at: \.requiresShipping)
            keyField("taxable", at: \.taxable)
            keyField("title", at: \.title)
            keyField("variantTitle", at: \.variantTitle)
        }
        Type(BillingCycleNode.self, as: "SubscriptionBillingCycle") {
            keyField("billingAttemptExpectedDate", at: \.billingAttemptExpectedDate)
            keyField("cycleEndAt", at: \.cycleEndAt)
            keyField("cycleIndex", at: \.cycleIndex)
            keyField("cycleStartAt", at: \.cycleStartAt)
            keyField("edited", at: \.edited)
            keyField("skipped", at: \.skipped)
            keyField("status", at: \.status)
        }
        connectionType(of: SubscriptionContractNode.self, named: "SubscriptionContractConnection")
        edgeType(of: SubscriptionContractNode.self, named: "SubscriptionContractEdge")
        connectionType(of: SubscriptionLineNode.self, named: "SubscriptionLineConnection")
        edgeType(of: SubscriptionLineNode.self, named: "SubscriptionLineEdge")
        connectionType(of: BillingCycleNode.self, named: "SubscriptionBillingCycleConnection")
        edgeType(of: BillingCycleNode.self, named: "SubscriptionBillingCycleEdge")
        Type(ContractStatusUserError.self, as: "SubscriptionContractStatusUpdateUserError", interfaces: [DisplayableErrorValue.self]) {
            keyField("code", at: \.code)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(BillingCycleSkipUserError.self, as: "SubscriptionBillingCycleSkipUserError", interfaces: [DisplayableErrorValue.self]) {
            keyField("code", at: \.code)
            keyField("field", at: \.field)
            keyField("message", at: \.message)
        }
        Type(ContractPayload<PauseKind>.self, as: "SubscriptionContractPausePayload") {
            keyField("contract", at: \.contract)
            keyField("userErrors", at: \.userErrors)
        }
        Type(ContractPayload<ActivateKind>.self, as: "SubscriptionContractActivatePayload") {
            keyField("contract", at: \.contract)
            keyField("userErrors", at: \.userErrors)
        }
        Type(ContractPayload<CancelKind>.self, as: "SubscriptionContractCancelPayload") {
            keyField("contract", at: \.contract)
            keyField("userErrors", at: \.userErrors)
        }
        Type(BillingCycleSkipPayload.self, as: "SubscriptionBillingCycleSkipPayload") {
            keyField("billingCycle", at: \.billingCycle)
            keyField("userErrors", at: \.userErrors)
        }
        Input(BillingCycleSelectorInput.self, as: "SubscriptionBillingCycleSelector") {
            InputField("date", at: \.date)
            InputField("index", at: \.index)
        }
        Input(BillingCycleInput.self, as: "SubscriptionBillingCycleInput") {
            InputField("contractId", at: \.contractId)
            InputField("selector", at: \.selector)
        }
    }

    @FieldDefinitions
    override var mutation: Fields {
        Field("subscriptionBillingCycleSkip", at: StorefrontResolver.subscriptionBillingCycleSkip) {
            Argument("billingCycleInput", at: \.billingCycleInput)
        }
        Field("subscriptionContractActivate", at: StorefrontResolver.subscriptionContractActivate) {
            Argument("subscriptionContractId", at: \.subscriptionContractId)
        }
        Field("subscriptionContractCancel", at: StorefrontResolver.subscriptionContractCancel) {
            Argument("subscriptionContractId", at: \.subscriptionContractId)
        }
        Field("subscriptionContractPause", at: StorefrontResolver.subscriptionContractPause) {
            Argument("subscriptionContractId", at: \.subscriptionContractId)
        }
    }
}

enum SubscriptionContractSubscriptionStatus: String, Codable, Sendable, CaseIterable {
    case active = "ACTIVE", cancelled = "CANCELLED", expired = "EXPIRED", failed = "FAILED", paused = "PAUSED", stale = "STALE"
}

enum SubscriptionInterval: String, Codable, Sendable, CaseIterable {
    case day = "DAY", month = "MONTH", week = "WEEK", year = "YEAR"
}

enum SubscriptionBillingCycleBillingCycleStatus: String, Codable, Sendable, CaseIterable {
    case billed = "BILLED", unbilled = "UNBILLED"
}

enum SubscriptionContractsSortKeys: String, Codable, Sendable, CaseIterable {
    case createdAt = "CREATED_AT", id = "ID", status = "STATUS", updatedAt = "UPDATED_AT"
}

enum SubscriptionBillingCyclesSortKeys: String, Codable, Sendable, CaseIterable {
    case cycleEndAt = "CYCLE_END_AT", cycleIndex = "CYCLE_INDEX", id = "ID"
}

enum CountPrecision: String, Codable, Sendable, CaseIterable {
    case atLeast = "AT_LEAST", exact = "EXACT"
}

enum SubscriptionContractStatusUpdateErrorCode: String, Codable, Sendable, CaseIterable {
    case contractFailed = "CONTRACT_FAILED", contractTerminated = "CONTRACT_TERMINATED", hasFutureEdits = "HAS_FUTURE_EDITS"
    case invalid = "INVALID", subscriptionContractDoesNotExist = "SUBSCRIPTION_CONTRACT_DOES_NOT_EXIST"
}

enum SubscriptionBillingCycleSkipUserErrorCode: String, Codable, Sendable, CaseIterable {
    case invalid = "INVALID"
}

struct CountNode: Sendable {
    var count: Int
    var precision: CountPrecision
}

/// `SubscriptionContract`, as of `now` (its next billing date and upcoming cycles).
struct SubscriptionContractNode: NodeValue, Hashable, Codable {
    var contract: SubscriptionContract
    var now: Date

    var idValue: GraphID { GraphID(unchecked: contract.id) }
    var appEligibleForCustomerActions: Bool { true }
    var status: SubscriptionContractSubscriptionStatus {
        SubscriptionContractSubscriptionStatus(rawValue: contract.status.rawValue) ?? .stale
    }
    var createdAtValue: DateTimeValue { DateTimeValue(contract.createdAt) }
    var updatedAtValue: DateTimeValue { DateTimeValue(contract.updatedAt) }
    var nextBillingDate: DateTimeValue? { contract.nextBillingDate(now: now).map(DateTimeValue.init) }
    var currencyCode: CurrencyCode { contract.line.currentPrice.currencyCodeValue }
    var interval: SubscriptionInterval { SubscriptionInterval(rawValue: contract.interval.rawValue) ?? .month }
    var billingPolicy: SubscriptionBillingPolicyNode {
        SubscriptionBillingPolicyNode(interval: interval, intervalCount: CountNode(count: contract.intervalCount, precision: .exact))
    }
    var deliveryPolicy: SubscriptionDeliveryPolicyNode {
        SubscriptionDeliveryPolicyNode(interval: interval, intervalCount: CountNode(count: contract.intervalCount, precision: .exact))
    }
    var deliveryPrice: Money { contract.deliveryPrice }
    var lineCount: Int { 1 }
    var linesCount: CountNode? { CountNode(count: 1, precision: .exact) }
    var note: String? { nil }
    var revisionId: UnsignedInt64Value { UnsignedInt64Value(unchecked: String(contract.revision)) }

    func lines(context: RequestContext, arguments: ConnectionArguments) throws -> Page<SubscriptionLineNode> {
        try ListPager.page([SubscriptionLineNode(contractId: contract.id, line: contract.line)], arguments,
                           reverse: arguments.reverse ?? false, listing: "subscription-lines")
    }

    /// The order that made the contract, from the customer's orders.
    func originOrder(context: RequestContext, arguments: NoArguments) async throws -> AccountOrderNode? {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        let orders = try await session.authority.orders(of: try await session.customer())
        return orders.first { $0.draft.checkoutSessionId == contract.originCheckoutSessionId }.map(AccountOrderNode.init)
    }

    /// The cycles from the next one on (skipped ones too, marked), up to the last answered.
    func upcomingBillingCycles(context: RequestContext, arguments: BillingCyclesArguments) throws -> Page<BillingCycleNode> {
        var cycles: [BillingCycleNode] = []
        if contract.status != .cancelled {
            var start = contract.createdAt
            for index in 1...SubscriptionContract.maximumCycle {
                let end = contract.nextDate(after: start)
                if index >= 2, start >= now {
                    cycles.append(BillingCycleNode(contract: contract, index: index, start: start, end: end))
                    if cycles.count == Self.upcomingCycles { break }
                }
                start = end
            }
        }
        if arguments.sortKey == .id { cycles.sort { $0.cycleIndex < $1.cycleIndex } }
        return try ListPager.page(cycles, arguments, reverse: arguments.reverse ?? false,
                                  listing: "billing-cycles.\((arguments.sortKey ?? .cycleIndex).rawValue)")
    }

    /// How many upcoming cycles a contract lists.
    static let upcomingCycles = 52
}

extension SubscriptionContract {
    /// The start of the cycle after one starting at `date`.
    func nextDate(after date: Date) -> Date {
        SellingPlan(id: sellingPlanId, name: sellingPlanName, options: [], interval: interval, intervalCount: intervalCount,
                    priceAdjustments: []).nextDate(after: date)
    }
}

struct SubscriptionBillingPolicyNode: Sendable {
    var interval: SubscriptionInterval
    var intervalCount: CountNode?
    var maxCycles: Int? { nil }
    var minCycles: Int? { nil }
}

struct SubscriptionDeliveryPolicyNode: Sendable {
    var interval: SubscriptionInterval
    var intervalCount: CountNode?
}

/// `SubscriptionLine`: what each delivery brings.
struct SubscriptionLineNode: Hashable, Codable, Sendable {
    var contractId: String
    var line: SubscriptionLine

    var idValue: GraphID { GraphID(unchecked: "gid://shopify/SubscriptionLine/\(SubscriptionLineNode.number(of: contractId))-1") }
    var currentPrice: Money { line.currentPrice }
    var lineDiscountedPrice: Money { line.currentPrice * line.quantity }
    var title: String { line.title }
    var variantTitle: String? { line.variantTitle.isEmpty || line.variantTitle == "Default Title" ? nil : line.variantTitle }
    var name: String { variantTitle.map { "\(line.title) - \($0)" } ?? line.title }
    var quantity: Int { line.quantity }
    var requiresShipping: Bool { true }
    var taxable: Bool { true }

    static func number(of id: String) -> String { String(id.split(separator: "/").last ?? "") }

    /// The variant's picture, else the product's.
    func image(context: RequestContext, arguments: NoArguments) async throws -> ProductImage? {
        guard let product = try await context.storefront.product(id: line.productId) else { return nil }
        return product.variants.first { $0.id == line.merchandiseId }?.image ?? product.images.first
    }
}

/// `SubscriptionBillingCycle`: cycle 1 was billed by the order; the others are to come.
struct BillingCycleNode: Hashable, Codable, Sendable {
    var cycleIndex: Int
    var cycleStartAt: DateTimeValue
    var cycleEndAt: DateTimeValue
    var skipped: Bool

    init(contract: SubscriptionContract, index: Int, start: Date, end: Date) {
        cycleIndex = index
        cycleStartAt = DateTimeValue(start)
        cycleEndAt = DateTimeValue(end)
        skipped = contract.skippedCycles.contains(index)
    }

    var billingAttemptExpectedDate: DateTimeValue { cycleStartAt }
    var edited: Bool { false }
    var status: SubscriptionBillingCycleBillingCycleStatus { cycleIndex == 1 ? .billed : .unbilled }
}

typealias BillingCyclesArguments = SortedConnectionArguments<SubscriptionBillingCyclesSortKeys>

typealias SubscriptionContractsArguments = SortedConnectionArguments<SubscriptionContractsSortKeys>

struct ContractIdArguments: Decodable, Sendable {
    var subscriptionContractId: GraphID
}

struct BillingCycleSelectorInput: Decodable, Sendable {
    var date: DateTimeValue?
    var index: Int?
}

struct BillingCycleInput: Decodable, Sendable {
    var contractId: GraphID
    var selector: BillingCycleSelectorInput
}

struct BillingCycleSkipArguments: Decodable, Sendable {
    var billingCycleInput: BillingCycleInput
}

struct ContractStatusUserError: DisplayableErrorValue {
    var code: SubscriptionContractStatusUpdateErrorCode?
    var field: [String]?
    var message: String
}

struct BillingCycleSkipUserError: DisplayableErrorValue {
    var code: SubscriptionBillingCycleSkipUserErrorCode?
    var field: [String]?
    var message: String
}

enum PauseKind {}
enum ActivateKind {}
enum CancelKind {}

struct ContractPayload<Kind>: Sendable {
    var contract: SubscriptionContractNode?
    var userErrors: [ContractStatusUserError]
}

struct BillingCycleSkipPayload: Sendable {
    var billingCycle: BillingCycleNode?
    var userErrors: [BillingCycleSkipUserError]
}

extension AccountCustomerNode {
    /// The customer's contracts, oldest first by default (`CREATED_AT`).
    func subscriptionContracts(context: RequestContext, arguments: SubscriptionContractsArguments) async throws -> Page<SubscriptionContractNode> {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        guard let book = await session.authority.subscriptionBook else {
            return try ListPager.page([], arguments, listing: "subscription-contracts")
        }
        let now = book.subscriptionDate()
        let sortKey = arguments.sortKey ?? .createdAt
        let query = try ContractQuery(arguments.query)
        let contracts = try await book.subscriptionContracts(ofCustomer: customer.id).filter(query.matches).sorted { a, b in
            switch sortKey {
            case .createdAt where a.createdAt != b.createdAt: return a.createdAt < b.createdAt
            case .updatedAt where a.updatedAt != b.updatedAt: return a.updatedAt < b.updatedAt
            case .status where a.status != b.status: return a.status.rawValue < b.status.rawValue
            default: return a.id < b.id
            }
        }
        return try ListPager.page(contracts.map { SubscriptionContractNode(contract: $0, now: now) }, arguments,
                                  reverse: arguments.reverse ?? false, listing: "subscription-contracts.\(sortKey.rawValue)")
    }
}

/// `subscriptionContracts(query:)`: terms that all must match, `status:` (`ACTIVE`, `PAUSED`,
/// `CANCELLED`) and `id:` (the number or the whole id).
struct ContractQuery {
    private var terms: [(key: String, value: String)] = []

    init(_ text: String?) throws {
        guard let text else { return }
        guard text.utf8.count <= OrderQuery.maximumLength else {
            throw StorefrontError.invalidArgument("The query is longer than \(OrderQuery.maximumLength) bytes.")
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["status", "id"].contains(parts[0].lowercased()) else {
                throw StorefrontError.invalidArgument("Subscriptions are searched by status: or id:, not \(TextSanitizer.cleanLine(String(word.prefix(40)))).")
            }
            terms.append((parts[0].lowercased(), parts[1]))
        }
    }

    func matches(_ contract: SubscriptionContract) -> Bool {
        terms.allSatisfy { term in
            term.key == "status" ? contract.status.rawValue.caseInsensitiveCompare(term.value) == .orderedSame
                : contract.id == term.value || SubscriptionLineNode.number(of: contract.id) == term.value
        }
    }
}

extension AccountCustomerNode {
    /// One of the customer's contracts; null for any other id.
    func subscriptionContract(context: RequestContext, arguments: IDArguments) async throws -> SubscriptionContractNode? {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        guard let book = await session.authority.subscriptionBook else { return nil }
        let contract = try await book.subscriptionContracts(ofCustomer: customer.id).first { $0.id == arguments.id.text }
        return contract.map { SubscriptionContractNode(contract: $0, now: book.subscriptionDate()) }
    }
}

extension StorefrontResolver {
    /// The signed-in customer, their id and the shop's subscription book.
    private func subscriptionSession(_ context: RequestContext) async throws -> (customerId: String, book: (any SubscriptionBook)?) {
        guard let session = context.customer else { throw CustomerAccountUnauthorized() }
        return (try await session.customer().id, await session.authority.subscriptionBook)
    }

    func subscriptionContractPause(context: RequestContext, arguments: ContractIdArguments) async throws -> ContractPayload<PauseKind>? {
        try await changeContract(context, arguments, .pause)
    }

    func subscriptionContractActivate(context: RequestContext, arguments: ContractIdArguments) async throws -> ContractPayload<ActivateKind>? {
        try await changeContract(context, arguments, .activate)
    }

    func subscriptionContractCancel(context: RequestContext, arguments: ContractIdArguments) async throws -> ContractPayload<CancelKind>? {
        try await changeContract(context, arguments, .cancel)
    }

    private func changeContract<Kind>(_ context: RequestContext, _ arguments: ContractIdArguments,
                                      _ change: SubscriptionChange) async throws -> ContractPayload<Kind> {
        let (customerId, book) = try await subscriptionSession(context)
        let id = arguments.subscriptionContractId.text
        let result = try await book?.changeSubscriptionContract(id: id, ofCustomer: customerId, change)
            ?? .failure(SubscriptionRefusal(code: SubscriptionRefusal.doesNotExist, message: "The shop sells no subscriptions."))
        switch result {
        case .success(let contract):
            return ContractPayload(contract: SubscriptionContractNode(contract: contract, now: book?.subscriptionDate() ?? Date()),
                                   userErrors: [])
        case .failure(let refusal):
            return ContractPayload(contract: nil, userErrors: [ContractStatusUserError(
                code: SubscriptionContractStatusUpdateErrorCode(rawValue: refusal.code) ?? .invalid,
                field: ["subscriptionContractId"], message: refusal.message)])
        }
    }

    /// Skips the cycle the selector names (by index, or the one whose span holds the date).
    func subscriptionBillingCycleSkip(context: RequestContext, arguments: BillingCycleSkipArguments) async throws -> BillingCycleSkipPayload? {
        let (customerId, book) = try await subscriptionSession(context)
        let input = arguments.billingCycleInput
        func refused(_ message: String, _ field: [String]) -> BillingCycleSkipPayload {
            BillingCycleSkipPayload(billingCycle: nil, userErrors: [BillingCycleSkipUserError(
                code: .invalid, field: ["billingCycleInput"] + field, message: message)])
        }
        guard let book, let contract = try await book.subscriptionContracts(ofCustomer: customerId).first(where: { $0.id == input.contractId.text })
        else { return refused("The customer has no such subscription.", ["contractId"]) }
        let index: Int
        switch (input.selector.index, input.selector.date) {
        case (let given?, nil): index = given
        case (nil, let date?):
            guard let instant = try? Date.ISO8601FormatStyle().parse(date.text), let found = contract.cycle(containing: instant) else {
                return refused("No billing cycle of the subscription holds \(TextSanitizer.cleanLine(String(date.text.prefix(40)))).",
                               ["selector", "date"])
            }
            index = found
        default: return refused("Name the billing cycle by its index or by a date in it (one of them).", ["selector"])
        }
        switch try await book.changeSubscriptionContract(id: contract.id, ofCustomer: customerId, .skip(cycle: index)) {
        case .success(let skipped):
            let start = skipped.cycleStart(index)
            return BillingCycleSkipPayload(billingCycle: BillingCycleNode(contract: skipped, index: index, start: start,
                                                                          end: skipped.nextDate(after: start)), userErrors: [])
        case .failure(let refusal):
            return refused(refusal.message, ["selector", "index"])
        }
    }
}
