import AppCore

extension TestStore where State == AppState, Action == AppAction {
    /// A test store over the app's reducer with the given dependencies.
    public convenience init(initialState: AppState = AppState(), dependencies: AppDependencies,
                            timeout: Duration = .seconds(1), fileID: StaticString = #fileID,
                            filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let reducer = AppReducer(dependencies: dependencies)
        self.init(initialState: initialState, timeout: timeout, reducer: reducer.reduce(into:action:),
                  fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
