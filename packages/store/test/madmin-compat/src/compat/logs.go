package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	madmin "github.com/minio/madmin-go/v2"
)

// The console-log stream, read by madmin-go's GetLogs: the entry a request's error made,
// found by its request id among the recent errors, with the request's context and the
// error's source. Prints the entry as madmin decoded it, for the caller to compare.
func requestLogEntry(ctx context.Context, adm *madmin.AdminClient, requestID string) {
	check("GetLogs entry of request "+requestID, func() error {
		lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		for l := range adm.GetLogs(lctx, "", 100, "ALL") {
			if l.Err != nil {
				return l.Err
			}
			if l.RequestID != requestID {
				continue
			}
			if l.API == nil || l.Trace == nil {
				return fmt.Errorf("entry without api or error: %+v", l)
			}
			entry, err := json.Marshal(map[string]interface{}{
				"level":      l.Level,
				"errKind":    l.LogKind,
				"time":       l.Time,
				"api":        l.API.Name,
				"args":       l.API.Args,
				"remotehost": l.RemoteHost,
				"host":       l.Host,
				"requestID":  l.RequestID,
				"userAgent":  l.UserAgent,
				"message":    l.Message,
				"error":      l.Trace.Message,
				"source":     l.Trace.Source,
				"node":       l.NodeName,
				"deployment": l.DeploymentID,
			})
			if err != nil {
				return err
			}
			fmt.Printf("entry %s\n", entry)
			return nil
		}
		return fmt.Errorf("no entry of request %s", requestID)
	}())
}
