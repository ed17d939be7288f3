package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	madmin "github.com/minio/madmin-go/v2"
	minio "github.com/minio/minio-go/v7"
)

// The trace stream, read by madmin-go's ServiceTrace: requests, then drive and os calls.
func traces(ctx context.Context, adm *madmin.AdminClient, s3 *minio.Client) {
	check("ServiceTrace", func() error {
		tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		traces := adm.ServiceTrace(tctx, madmin.ServiceTraceOpts{S3: true})
		time.Sleep(300 * time.Millisecond)
		if _, err := s3.BucketExists(ctx, "gobucket"); err != nil {
			return err
		}
		for t := range traces {
			if t.Err != nil {
				return t.Err
			}
			if t.Trace.FuncName == "s3.HeadBucket" {
				return expect(t.Trace.TraceType == madmin.TraceS3 && t.Trace.HTTP != nil && t.Trace.HTTP.RespInfo.StatusCode == 200 && t.Trace.Duration > 0, "trace %+v", t.Trace)
			}
		}
		return fmt.Errorf("no trace of the HeadBucket request")
	}())
	check("ServiceTrace storage and os", func() error {
		tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		traces := adm.ServiceTrace(tctx, madmin.ServiceTraceOpts{Storage: true, OS: true})
		go func() {
			time.Sleep(300 * time.Millisecond)
			body := bytes.Repeat([]byte("x"), 300*1024)
			_, _ = s3.PutObject(ctx, "gobucket", "traced/big", bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{})
		}()
		var storage, osCall bool
		for t := range traces {
			if t.Err != nil {
				return t.Err
			}
			if t.Trace.HTTP != nil {
				return fmt.Errorf("an HTTP trace was not asked for: %+v", t.Trace)
			}
			switch {
			case t.Trace.FuncName == "storage.CreateFile":
				if t.Trace.TraceType != madmin.TraceStorage || !strings.Contains(t.Trace.Path, " gobucket/") {
					return fmt.Errorf("storage trace %+v", t.Trace)
				}
				storage = true
			case t.Trace.FuncName == "os.Fdatasync":
				if t.Trace.TraceType != madmin.TraceOS || t.Trace.Path == "" {
					return fmt.Errorf("os trace %+v", t.Trace)
				}
				osCall = true
			}
			if storage && osCall {
				return nil
			}
		}
		return fmt.Errorf("storage %v, os %v: not both traced", storage, osCall)
	}())
}
