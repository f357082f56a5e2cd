import Foundation

/// Decides, request by request, whether to fail: first the faults queued by `failNext`
/// (deterministic, for tests), then at random by the plan's rate.
actor FaultInjector {
    private var plan: FaultPlan
    private var queued: [FaultPlan.Fault] = []
    private let random: @Sendable () -> Double

    init(plan: FaultPlan, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.plan = plan; self.random = random
    }

    func failNext(_ faults: [FaultPlan.Fault]) { queued += faults }

    func setPlan(_ plan: FaultPlan) { self.plan = plan }

    var latency: TimeInterval { plan.latency }

    func nextFault() -> FaultPlan.Fault? {
        if !queued.isEmpty { return queued.removeFirst() }
        guard !plan.faults.isEmpty, plan.failRate > 0, random() < plan.failRate else { return nil }
        return plan.faults[min(Int(random() * Double(plan.faults.count)), plan.faults.count - 1)]
    }
}
