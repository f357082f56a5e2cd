import ServerSettings

extension RequestLimits {
    /// The execution budgets for one request.
    var executionBudget: ExecutionBudget.Limits {
        ExecutionBudget.Limits(fields: maximumResolvedFields, listElements: maximumListElements, responseBytes: maximumResponseBytes)
    }
    /// What all requests in flight may hold together.
    var sharedExecutionBudget: ExecutionBudget.Limits {
        ExecutionBudget.Limits(fields: maximumResolvedFieldsInFlight, listElements: maximumListElementsInFlight,
                               responseBytes: maximumResponseBytesInFlight)
    }
}
