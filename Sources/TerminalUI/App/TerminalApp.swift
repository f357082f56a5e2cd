import AppCore
import Dispatch
import Foundation
import Pictures
import Storefront
import Synchronization
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
    enum Event: Sendable {
        case input, stateChanged, interrupt, hangup
        case pictureReady(PictureKey, Result<CellPicture, PictureError>)
        case selectionRested(String)
    }

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
    /// Converts the pictures frames ask for, off the main actor.
    private let pictures: PictureLoader
    private var picturesInFlight: Set<PictureKey> = []
    /// The selection a preview waits on, and the timer that marks it resting (`PreviewRest`).
    private var restTimer: (selection: String, task: Task<Void, Never>)?
    private var events: AsyncStream<Event>.Continuation?
    /// Whether the start-up trace has its first frame drawn with the collections loaded.
    private var contentTraced = false
    /// The screen to open once the app has started (`--open`).
    public var initialLink: DeepLink?

    public init(store: AppStore, dependencies: AppDependencies, driver: any TerminalDriver, environment: RenderEnvironment) {
        self.store = store; self.dependencies = dependencies; self.driver = driver; self.environment = environment
        self.environment.pictures.rest = .resting(on: nil)
        let storefront = dependencies.storefront
        self.pictures = PictureLoader(fetch: { url in try await storefront.pictureData(url: url, maxBytes: 4 << 20) },
                                      cacheDirectory: PictureLoader.defaultCacheDirectory())
    }

    /// Starts curses on this terminal and runs the app until the buyer quits. The first frame is
    /// drawn before `makeDependencies` runs (loading a catalog or reaching a shop takes a while),
    /// so the terminal shows the app at once. The terminal is restored on every way out (quit,
    /// Ctrl-C, Ctrl-\, SIGTERM, SIGHUP, a crash signal, an error from `makeDependencies`).
    /// Returns what is worth saying once the terminal is back (another terminfo entry stood in for TERM's).
    @discardableResult
    public static func run(environment processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
                           opening link: DeepLink? = nil, showsPictures: Bool = true,
                           makeDependencies: () async throws -> AppDependencies) async throws -> [String] {
        // The start-up trace is written once the terminal is the shell's again.
        defer { StartupTrace.flush() }
        let started = try early.withLock { $0.take() } ?? StartedTerminal(environment: processEnvironment)
        let driver = started.driver
        var environment = started.environment
        environment.showsPictures = showsPictures
        let dependencies: AppDependencies
        do {
            dependencies = try await makeDependencies()
        } catch {
            driver.stop()
            throw error
        }
        StartupTrace.mark("dependencies-ready")
        let app = TerminalApp(store: AppStore(dependencies: dependencies), dependencies: dependencies, driver: driver,
                              environment: environment)
        app.initialLink = link
        await app.run()
        return driver.entryNotice.map { [$0] } ?? []
    }

    /// A terminal in the app's hands, its first frame (the loading screen) drawn.
    @MainActor
    final class StartedTerminal: @unchecked Sendable {
        let driver: NcursesDriver
        let environment: RenderEnvironment

        init(environment processEnvironment: [String: String]) throws {
            driver = try NcursesDriver(environment: processEnvironment)
            StartupTrace.mark("terminal-started")
            environment = RenderEnvironment(profile: driver.profile)
            driver.draw(Renderer.render(AppState(collections: PagedList(isLoading: true)), size: driver.size, environment: environment))
            StartupTrace.mark("first-frame-written")
        }
    }

    /// The terminal `startEarly` started, until `run` takes it.
    nonisolated private static let early = Mutex<StartedTerminal?>(nil)

    /// Starts the terminal and draws the first frame now, for the `run` that is to come: a
    /// command that knows it will run the app (the bare `storefront` on a terminal) shows it
    /// before reading its command line. When the terminal cannot start, nothing happens here
    /// (`run` then says why).
    public static func startEarly(environment processEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let started = try? StartedTerminal(environment: processEnvironment) else { return }
        early.withLock { $0 = started }
    }

    /// Gives the terminal back to the shell when `startEarly` started it and no `run` took it
    /// (the command ended first, with something to say on the shell's screen).
    public static func stopEarly() {
        early.withLock { $0.take() }?.driver.stop()
    }

    /// The most keys handled in one turn of the loop.
    nonisolated public static let keysPerTurn = 4096
    /// Keys are handled in chunks of this many; the turn's time is looked at between chunks.
    nonisolated public static let keysPerChunk = 256
    /// A turn takes no new chunk after this long, so a frame is drawn and a signal (Ctrl-C) is
    /// read at least this often during a paste, plus one chunk.
    nonisolated public static let turnBudget = Duration.milliseconds(40)

    /// Runs until the state says quit, the terminal hangs up, or SIGINT arrives.
    public func run() async {
        let (events, continuation) = AsyncStream<Event>.makeStream()
        self.events = continuation
        store.onChange = { continuation.yield(.stateChanged) }
        let monitor = InputMonitor(descriptor: driver.inputDescriptor) { event in
            continuation.yield(event == .input ? .input : .hangup)
        }
        monitor.start()
        // Ctrl-C (SIGINT) and Ctrl-\ (SIGQUIT) in cbreak mode, and SIGTERM and SIGHUP from outside:
        // quit through the loop, so effects stop and the terminal is restored. SIGQUIT would
        // otherwise dump a backtrace over the screen.
        let signalSources = [SIGINT, SIGQUIT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { continuation.yield(.interrupt) }
            source.resume()
            return source
        }

        store.send(.appStarted)
        if let initialLink { store.send(.navigation(.open(initialLink))) }
        renderIfNeeded()
        for await event in events {
            switch event {
            case .input:
                // A pasted megabyte is read over several turns (the monitor reports the rest),
                // never held at once, and a Ctrl-C waits for one turn at most.
                takeTurn(next: driver.nextKey)
                monitor.acknowledge()
            case .stateChanged:
                break
            case .pictureReady(let key, let result):
                picturesInFlight.remove(key)
                environment.pictures.store(result, for: key)
                dirty = true
            case .selectionRested(let selection):
                guard restTimer?.selection == selection else { break }
                restTimer = nil
                environment.pictures.rest = .resting(on: selection)
                dirty = true
            case .interrupt, .hangup:
                store.send(.navigation(.quit))
            }
            if store.state.shouldQuit { break }
            renderIfNeeded()
        }
        continuation.finish()
        restTimer?.task.cancel()
        signalSources.forEach { $0.cancel() }
        monitor.stop()
        store.onChange = nil
        store.cancelAllEffects()
        driver.stop()
    }

    /// One turn over waiting input: keys are read and handled in chunks until none is left, the
    /// turn has had its time (`budget`), it has handled `keysPerTurn`, or the app quits. Returns
    /// how many keys it handled.
    @discardableResult
    public func takeTurn(budget: Duration = TerminalApp.turnBudget, next: () -> Key?) -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: budget)
        var handled = 0
        while handled < TerminalApp.keysPerTurn {
            var keys: [Key] = []
            while keys.count < TerminalApp.keysPerChunk, let key = next() { keys.append(key) }
            if keys.isEmpty { break }
            handle(keys)
            handled += keys.count
            if store.state.shouldQuit || clock.now >= deadline { break }
        }
        return handled
    }

    /// Handles keys read together. A run of characters typed into a text field (a paste, or keys
    /// sent faster than a frame) becomes one insert, so the field receives the text in one piece.
    public func handle(_ keys: [Key]) {
        var typed = ""
        var typingMap: KeyMap?
        func flush() {
            if !typed.isEmpty, let action = typingMap?.textInput?(typed) { store.send(action) }
            typed = ""
            typingMap = nil
        }
        // The key map only changes with the state (or the size): keys that send nothing (a paste
        // on a list) reuse it instead of building it once per key.
        var cached: (version: Int, size: Size, map: KeyMap?)?
        for key in keys {
            let map: KeyMap?
            if let cached, cached.version == store.version, cached.size == driver.size {
                map = cached.map
            } else {
                map = currentKeyMap()
                cached = (store.version, driver.size, map)
            }
            if let text = map?.typedText(key) {
                typed += text
                typingMap = map
                continue
            }
            flush()
            handle(key, map: map)
        }
        flush()
    }

    /// The key map in effect, or nil when the terminal is too small for anything but quitting.
    private func currentKeyMap() -> KeyMap? {
        let layout = Renderer.layout(for: store.state, size: driver.size)
        guard layout.sizeClass != .tooSmall else { return nil }
        return KeyMaps.current(for: store.state, listRows: Renderer.listRows(store.state, layout), body: Size(width: layout.body.width, height: layout.body.height))
    }

    /// Maps a key through the current key map and sends the action.
    func handle(_ key: Key) { handle(key, map: currentKeyMap()) }

    private func handle(_ key: Key, map: KeyMap?) {
        if key == .resize {
            dirty = true
            return
        }
        // Below the minimum size only quitting makes sense: nothing else is visible.
        guard let keys = map else {
            if key == .character("q") || key == .ctrl("c") { store.send(.navigation(.quit)) }
            return
        }
        if let action = keys.action(for: key) { store.send(action) }
    }

    private func renderIfNeeded() {
        guard dirty || store.version != renderedVersion else { return }
        dirty = false
        renderedVersion = store.version
        let frame = Renderer.render(store.state, size: driver.size, environment: environment)
        driver.draw(frame)
        framesDrawn += 1
        if !contentTraced, !store.state.isLoading(.collections) {
            contentTraced = true
            StartupTrace.mark(StartupTrace.firstContentPhase)
        }
        requestPictures(frame.wantedPictures)
        followRest(of: frame.awaitingRest)
    }

    /// Times the rest of the selection a frame's preview waits on. Each move starts the wait again,
    /// so a held key draws no preview until it is let go. The clock is the dependencies' (tests move it).
    private func followRest(of selection: String?) {
        guard selection != restTimer?.selection else { return }
        restTimer?.task.cancel()
        restTimer = nil
        guard let selection, let events else { return }
        let clock = dependencies.clock
        restTimer = (selection, Task {
            do { try await clock.sleep(for: PreviewRest.delay) } catch { return }
            events.yield(.selectionRested(selection))
        })
    }

    /// Starts converting the pictures a frame drew placeholders for; each arrives as an event.
    private func requestPictures(_ keys: [PictureKey]) {
        guard let events else { return }
        for key in keys where !picturesInFlight.contains(key) {
            picturesInFlight.insert(key)
            let loader = pictures
            Task { events.yield(.pictureReady(key, await loader.picture(key))) }
        }
    }
}
