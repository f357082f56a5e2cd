await runStoreBenchmark()
