import CheckoutSheet

extension CheckoutEvent {
    /// The fields the event log shows for this event.
    var logFields: [EventLogEntry.Field] {
        switch self {
        case .completed(let event):
            var fields = [EventLogEntry.Field("order", event.orderId), .init("decoded", event.decoded.rawValue)]
            if let email = event.orderDetails.email { fields.append(.init("email", email)) }
            if let total = event.orderDetails.cart?.price.total { fields.append(.init("total", total.formatted)) }
            return fields
        case .canceled(let afterCompletion):
            return [.init("afterCompletion", afterCompletion ? "true" : "false")]
        case .failed(let error):
            return [.init("type", error.typeName), .init("code", error.code.rawValue), .init("message", error.message),
                    .init("recoverable", error.isRecoverable ? "true" : "false")]
        case .pixel(let pixel):
            var fields = [EventLogEntry.Field("event", pixel.name), .init("type", pixel.kind.rawValue)]
            if let id = pixel.id { fields.append(.init("id", id)) }
            return fields
        case .linkClicked(let url):
            return [.init("url", url)]
        case .recoveryStarted:
            return []
        case .started(let start):
            return [.init("locale", start.locale ?? "")]
        case .updated(let snapshot):
            let total = snapshot.cart["cost"]?["totalAmount"]
            guard let amount = total?["amount"]?.stringValue, let currency = total?["currencyCode"]?.stringValue else { return [] }
            return [.init("total", "\(amount) \(currency)")]
        case .dismissed(let afterCompletion):
            return [.init("afterCompletion", afterCompletion ? "true" : "false")]
        case .requested(let request):
            return [.init("id", request.id)]
        case .answered(let outcome):
            var fields = [EventLogEntry.Field("request", outcome.request.eventName), .init("result", outcome.result.rawValue)]
            if let message = outcome.message { fields.append(.init("message", message)) }
            return fields
        }
    }
}
