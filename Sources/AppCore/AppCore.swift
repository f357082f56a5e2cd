// AppCore
