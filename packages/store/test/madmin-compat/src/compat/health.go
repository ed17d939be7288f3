package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"

	madmin "github.com/minio/madmin-go/v2"
)

// What madmin-go 2.0.7's HealthInfo has no field for: the interfaces (later madmin names
// them sys.netinfo) and the drive and network checks (madmin.SpeedTestResults, as perf).
type healthExtras struct {
	Sys struct {
		NetInfo []struct {
			Addr      string `json:"addr"`
			Interface string `json:"interface"`
		} `json:"netinfo"`
	} `json:"sys"`
	Perf madmin.SpeedTestResults `json:"perf"`
}

// healthDocument checks a diagnostics document as MinIO's tools read it (unknown fields
// skipped): version 3, every section the store fills for its one node non-empty, and the
// secret nowhere in it.
func healthDocument(doc []byte, secret string) error {
	var info madmin.HealthInfo
	if err := json.Unmarshal(doc, &info); err != nil {
		return fmt.Errorf("decode HealthInfo: %w", err)
	}
	var extras healthExtras
	if err := json.Unmarshal(doc, &extras); err != nil {
		return fmt.Errorf("decode perf and netinfo: %w", err)
	}
	if secret != "" && bytes.Contains(doc, []byte(secret)) {
		return fmt.Errorf("the document holds a secret")
	}
	sys := info.Sys
	config, _ := info.Minio.Config.Config.(map[string]interface{})
	switch {
	case info.Version != madmin.HealthInfoVersion3 || info.Error != "" || info.TimeStamp.IsZero():
		return fmt.Errorf("version %q error %q timestamp %v", info.Version, info.Error, info.TimeStamp)
	case len(sys.CPUInfo) != 1 || len(sys.CPUInfo[0].CPUs) == 0 || sys.CPUInfo[0].CPUs[0].Cores == 0:
		return fmt.Errorf("cpus %+v", sys.CPUInfo)
	case len(sys.MemInfo) != 1 || sys.MemInfo[0].Total == 0 || sys.MemInfo[0].Available == 0:
		return fmt.Errorf("meminfo %+v", sys.MemInfo)
	case len(sys.OSInfo) != 1 || sys.OSInfo[0].Info.Hostname == "" || sys.OSInfo[0].Info.KernelVersion == "":
		return fmt.Errorf("osinfo %+v", sys.OSInfo)
	case len(sys.ProcInfo) != 1 || sys.ProcInfo[0].PID == 0 || sys.ProcInfo[0].MemInfo.RSS == 0 || sys.ProcInfo[0].NumThreads == 0:
		return fmt.Errorf("procinfo %+v", sys.ProcInfo)
	case len(sys.Partitions) != 1 || len(sys.Partitions[0].Partitions) == 0 || sys.Partitions[0].Partitions[0].SpaceTotal == 0:
		return fmt.Errorf("partitions %+v", sys.Partitions)
	case len(sys.SysErrs) != 1 || sys.SysErrs[0].Addr == "":
		return fmt.Errorf("errors %+v", sys.SysErrs)
	case len(sys.SysServices) != 1 || len(sys.SysServices[0].Services) == 0 || sys.SysServices[0].Services[0].Name != madmin.SrvSELinux:
		return fmt.Errorf("services %+v", sys.SysServices)
	case len(sys.SysConfig) != 1 || sys.SysConfig[0].Config["rlimit-max"] == nil || sys.SysConfig[0].Config["time-info"] == nil:
		return fmt.Errorf("sys config %+v", sys.SysConfig)
	case len(extras.Sys.NetInfo) == 0 || extras.Sys.NetInfo[0].Interface == "":
		return fmt.Errorf("netinfo %+v", extras.Sys.NetInfo)
	case len(config) == 0 || config["identity_openid"] == nil:
		return fmt.Errorf("minio config %+v", config)
	case info.Minio.Info.Mode != "online" || len(info.Minio.Info.Servers) != 1 || info.Minio.Info.DeploymentID == "":
		return fmt.Errorf("minio info %+v", info.Minio.Info)
	case len(extras.Perf.DrivePerf) != 1 || len(extras.Perf.DrivePerf[0].DrivePerf) == 0 || extras.Perf.DrivePerf[0].Endpoint == "":
		return fmt.Errorf("drive perf %+v", extras.Perf.DrivePerf)
	case len(extras.Perf.NetPerf) != 0:
		return fmt.Errorf("a single node has no network peers to measure: %+v", extras.Perf.NetPerf)
	}
	for _, d := range extras.Perf.DrivePerf[0].DrivePerf {
		if d.Path == "" || d.Error != "" || d.ReadThroughput == 0 || d.WriteThroughput == 0 {
			return fmt.Errorf("drive perf %+v", d)
		}
	}
	return nil
}

// healthFile checks a document saved to a file and prints one line: the socket's frame as
// JSON, or the console's Download (diagnostic.json.gz) gzipped, as MinIO's console saves it.
func healthFile(path, secret string) {
	doc, err := os.ReadFile(path)
	if err == nil && bytes.HasPrefix(doc, []byte{0x1f, 0x8b}) {
		var gz *gzip.Reader
		if gz, err = gzip.NewReader(bytes.NewReader(doc)); err == nil {
			doc, err = io.ReadAll(gz)
		}
	}
	if err == nil {
		err = healthDocument(doc, secret)
	}
	check("health document "+path, err)
}
