// Reads a diagnostics report as the console downloads it (gzipped JSON) into madmin-go 2.0.7's
// HealthInfo, the type MinIO's tools decode it with, and prints what it found. It exits
// non-zero when the file is not gzip, not a HealthInfo, of another version, or carries an error.
//
// Usage: healthreport <file.json.gz>
package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"

	madmin "github.com/minio/madmin-go/v2"
)

func fail(format string, args ...interface{}) {
	fmt.Printf("FAIL "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) != 2 {
		fail("usage: healthreport <file.json.gz>")
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fail("open: %v", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		fail("not gzip: %v", err)
	}
	var info madmin.HealthInfo
	if err := json.NewDecoder(gz).Decode(&info); err != nil {
		fail("not a HealthInfo: %v", err)
	}
	if info.Version != madmin.HealthInfoVersion {
		fail("version %q, madmin reads %q", info.Version, madmin.HealthInfoVersion)
	}
	if info.Error != "" {
		fail("report error: %s", info.Error)
	}
	if info.TimeStamp.IsZero() {
		fail("no timestamp")
	}
	fmt.Printf("ok version %s\n", info.Version)
	fmt.Printf("ok servers %d\n", len(info.Minio.Info.Servers))
	fmt.Printf("ok cpus %d\n", len(info.Sys.CPUInfo))
	fmt.Printf("ok meminfo %d\n", len(info.Sys.MemInfo))
	fmt.Printf("ok osinfo %d\n", len(info.Sys.OSInfo))
}
