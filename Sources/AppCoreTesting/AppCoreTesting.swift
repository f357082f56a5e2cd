// AppCoreTesting
