import AppCore
import Dispatch
import Foundation
import Storefront
#if canImport(Glibc)
import Glibc
#endif

/// The interactive app: owns the terminal driver and the store, turns keys into actions through
/// the current key map, and draws a frame whenever the state changed.
///
/// One loop on the main actor, woken by three sources: input (watched on its own thread), the
/// store's change notification (effects finishing), and signals. Effects never block it: they run
/// as tasks and come back as actions. Renders are coalesced: however many changes arrived, a turn
/// of the loop draws at most one frame, and only if something changed.
@MainActor
public final class TerminalApp {
    enum Event: Sendable { case input, stateChanged, environmentChanged(RenderEnvironment), interrupt, hangup }

    private let store: AppStore
    private let driver: any TerminalDriver
    private let dependencies: AppDependencies
    private var environment: RenderEnvironment
    /// Set when something outside the state changed (the size, the environment).
    private var dirty = true
    /// The store's version the last frame showed: many change notifications, one frame.
    public private(set) var renderedVersion = -1
    /// Frames drawn so far (for tests and the benchmark).
    public private(set) var framesDrawn = 0
    /// The screen to open once the app has started (`--open`).
    public var initialLink: DeepLink?

    public init(store: AppStore, dependencies: AppDependencies, driver: any TerminalDriver, environment: RenderEnvironment) {
        self.store = store; self.dependencies = dependencies; self.driver = driver; self.environment = environment
    }

    /// Starts curses on this terminal and runs the app until the buyer quits. The first frame is
    /// drawn before `makeDependencies` runs (loading a catalog or reaching a shop takes a while),
    /// so the terminal shows the app at once. The terminal is restored on every way out (quit,
    /// Ctrl-C, SIGTERM, a crash signal, an error from `makeDependencies`).
    public static func run(environment processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
                           opening link: DeepLink? = nil,
                           makeDependencies: () async throws -> AppDependencies) async throws {
        let driver = try NcursesDriver(environment: processEnvironment)
        let environment = RenderEnvironment(profile: driver.profile)
        driver.draw(Renderer.render(AppState(loading: [.collections]), size: driver.size, environment: environment))
        let dependencies: AppDependencies
        do {
            dependencies = try await makeDependencies()
        } catch {
            driver.stop()
            throw error
        }
        let app = TerminalApp(store: AppStore(dependencies: dependencies), dependencies: dependencies, driver: driver,
                              environment: environment)
        app.initialLink = link
        await app.run()
    }

    /// Runs until the state says quit, the terminal hangs up, or SIGINT arrives.
    public func run() async {
        let (events, continuation) = AsyncStream<Event>.makeStream()
        store.onChange = { continuation.yield(.stateChanged) }
        let monitor = InputMonitor(descriptor: driver.inputDescriptor) { event in
            continuation.yield(event == .input ? .input : .hangup)
        }
        monitor.start()
        // Ctrl-C in cbreak mode is SIGINT: quit through the loop so the terminal is restored.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler { continuation.yield(.interrupt) }
        interrupt.resume()
        loadEnvironment(into: continuation)

        store.send(.appStarted)
        if let initialLink { store.send(.navigation(.open(initialLink))) }
        renderIfNeeded()
        for await event in events {
            switch event {
            case .input:
                var keys: [Key] = []
                while let key = driver.nextKey() { keys.append(key) }
                monitor.acknowledge()
                handle(keys)
            case .stateChanged:
                break
            case .environmentChanged(let updated):
                environment = updated
                dirty = true
            case .interrupt, .hangup:
                store.send(.navigation(.quit))
            }
            if store.state.shouldQuit { break }
            renderIfNeeded()
        }
        continuation.finish()
        interrupt.cancel()
        monitor.stop()
        store.onChange = nil
        store.cancelAllEffects()
        driver.stop()
    }

    /// Handles keys read together. A run of characters typed into a text field (a paste, or keys
    /// sent faster than a frame) becomes one insert, so the field receives the text in one piece.
    func handle(_ keys: [Key]) {
        var typed = ""
        var typingMap: KeyMap?
        func flush() {
            if !typed.isEmpty, let action = typingMap?.textInput?(typed) { store.send(action) }
            typed = ""
            typingMap = nil
        }
        for key in keys {
            let map = currentKeyMap()
            if let text = map?.typedText(key) {
                typed += text
                typingMap = map
                continue
            }
            flush()
            handle(key)
        }
        flush()
    }

    /// The key map in effect, or nil when the terminal is too small for anything but quitting.
    private func currentKeyMap() -> KeyMap? {
        let layout = ScreenLayout(size: driver.size, showsLog: store.state.eventLog.isVisible,
                                  hasError: store.state.errorMessage != nil)
        guard layout.sizeClass != .tooSmall else { return nil }
        return KeyMaps.current(for: store.state, listRows: Renderer.listRows(layout))
    }

    /// Maps a key through the current key map and sends the action.
    func handle(_ key: Key) {
        if key == .resize {
            dirty = true
            return
        }
        // Below the minimum size only quitting makes sense: nothing else is visible.
        guard let keys = currentKeyMap() else {
            if key == .character("q") || key == .ctrl("c") { store.send(.navigation(.quit)) }
            return
        }
        if let action = keys.action(for: key) { store.send(action) }
    }

    private func renderIfNeeded() {
        guard dirty || store.version != renderedVersion else { return }
        dirty = false
        renderedVersion = store.version
        driver.draw(Renderer.render(store.state, size: driver.size, environment: environment))
        framesDrawn += 1
    }

    /// The shop's name and the sheet's configuration arrive after the first frame, so the first
    /// paint does not wait for them.
    private func loadEnvironment(into continuation: AsyncStream<Event>.Continuation) {
        let storefront = dependencies.storefront
        let checkout = dependencies.checkout
        let current = environment
        Task {
            var updated = current
            if let shop = try? await storefront.shop() { updated.shopName = shop.name }
            updated.checkoutConfiguration = await checkout.configuration()
            continuation.yield(.environmentChanged(updated))
        }
    }
}
