// Drives the store with the real madmin-go 2.0.7 and minio-go 7 (Debian's sources, built
// offline in GOPATH mode) and fails on any mismatch with what MinIO answers: every admin
// call the store implements, its status codes, error codes and JSON shapes.
//
// Usage: compat <endpoint host:port> <root access key> <root secret key>
//        compat logs <endpoint host:port> <root access key> <root secret key> <request id>
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"sort"
	"strings"
	"time"

	madmin "github.com/minio/madmin-go/v2"
	minio "github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

var failures int

// A secret the configuration holds that no report may show (the health document's check).
const hookSecret = "go-hook-secret-4321"

// The root secret key, which no report may show either.
var rootSecret string

func check(name string, err error) {
	if err != nil {
		failures++
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	fmt.Printf("ok %s\n", name)
}

func expect(cond bool, format string, args ...interface{}) error {
	if cond {
		return nil
	}
	return fmt.Errorf(format, args...)
}

// expectCode checks that err is an admin error with this code.
func expectCode(err error, code string) error {
	if err == nil {
		return fmt.Errorf("expected error %s, got success", code)
	}
	if got := madmin.ToErrorResponse(err).Code; got != code {
		return fmt.Errorf("expected error %s, got %q (%v)", code, got, err)
	}
	return nil
}

func main() {
	if len(os.Args) == 8 && os.Args[1] == "sts" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		stsChecks(ctx, os.Args[2], os.Args[3], os.Args[4], os.Args[5], os.Args[6], os.Args[7])
		fmt.Printf("%d failed\n", failures)
		if failures > 0 {
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 6 && os.Args[1] == "logs" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		adm, err := madmin.New(os.Args[2], os.Args[3], os.Args[4], false)
		if err != nil {
			fmt.Println("FAIL new client:", err)
			os.Exit(1)
		}
		requestLogEntry(ctx, adm, os.Args[5])
		fmt.Printf("%d failed\n", failures)
		if failures > 0 {
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 4 && os.Args[1] == "healthdoc" {
		healthFile(os.Args[2], os.Args[3])
		fmt.Printf("%d failed\n", failures)
		if failures > 0 {
			os.Exit(1)
		}
		return
	}
	if len(os.Args) != 4 {
		fmt.Println("usage: compat <host:port> <access key> <secret key>")
		fmt.Println("       compat sts <host:port> <access key> <secret key> <ldap user> <ldap password> <id token>")
		fmt.Println("       compat logs <host:port> <access key> <secret key> <request id>")
		fmt.Println("       compat healthdoc <file> <secret that must not appear>")
		os.Exit(2)
	}
	endpoint, access, secret := os.Args[1], os.Args[2], os.Args[3]
	rootSecret = secret
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	adm, err := madmin.New(endpoint, access, secret, false)
	if err != nil {
		fmt.Println("FAIL new client:", err)
		os.Exit(1)
	}
	s3, err := minio.New(endpoint, &minio.Options{Creds: credentials.NewStaticV4(access, secret, "")})
	if err != nil {
		fmt.Println("FAIL new s3 client:", err)
		os.Exit(1)
	}

	users(ctx, adm, endpoint)
	groups(ctx, adm)
	policies(ctx, adm)
	serviceAccounts(ctx, adm, endpoint)
	rootKeys(ctx, adm, endpoint, access)
	quotaAndAccount(ctx, adm, s3, access)
	serverInfo(ctx, adm)
	config(ctx, adm)
	heal(ctx, adm, s3)
	streams(ctx, adm, s3)
	targetsAndTiers(ctx, adm, s3, endpoint, access, secret)
	service(ctx, adm)

	fmt.Printf("%d failed\n", failures)
	if failures > 0 {
		os.Exit(1)
	}
}

func users(ctx context.Context, adm *madmin.AdminClient, endpoint string) {
	check("AddUser", adm.AddUser(ctx, "gouser", "gouser-secret-1"))
	check("ListUsers", func() error {
		list, err := adm.ListUsers(ctx)
		if err != nil {
			return err
		}
		u, ok := list["gouser"]
		return expect(ok && u.Status == madmin.AccountEnabled && u.SecretKey == "", "list-users gave %+v", list)
	}())
	check("SetUserStatus", adm.SetUserStatus(ctx, "gouser", madmin.AccountDisabled))
	check("GetUserInfo", func() error {
		u, err := adm.GetUserInfo(ctx, "gouser")
		if err != nil {
			return err
		}
		return expect(u.Status == madmin.AccountDisabled && u.UpdatedAt.IsZero(), "user-info gave %+v", u)
	}())
	check("SetUser (re-enable, new secret)", adm.SetUser(ctx, "gouser", "gouser-secret-2", madmin.AccountEnabled))
	check("GetUserInfo unknown user", expectCode(func() error { _, err := adm.GetUserInfo(ctx, "nobody"); return err }(), "XMinioAdminNoSuchUser"))
	check("AddUser short secret", expectCode(adm.AddUser(ctx, "gouser2", "short"), "XMinioAdminInvalidSecretKey"))
	root, _ := adm.GetAccessAndSecretKey()
	check("SetUserStatus root", expectCode(adm.SetUserStatus(ctx, root, madmin.AccountDisabled), "InvalidRequest"))
	// The user's own credentials work with the new secret.
	self, err := madmin.New(endpoint, "gouser", "gouser-secret-2", false)
	check("new client as user", err)
	if err == nil {
		check("GetUserInfo own", func() error { _, err := self.GetUserInfo(ctx, "gouser"); return err }())
		check("ListUsers without rights", expectCode(func() error { _, err := self.ListUsers(ctx); return err }(), "AccessDenied"))
	}
}

func groups(ctx context.Context, adm *madmin.AdminClient) {
	check("UpdateGroupMembers add", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "gogroup", Members: []string{"gouser"}}))
	check("ListGroups", func() error {
		g, err := adm.ListGroups(ctx)
		if err != nil {
			return err
		}
		return expect(reflect.DeepEqual(g, []string{"gogroup"}), "groups gave %v", g)
	}())
	check("SetGroupStatus", adm.SetGroupStatus(ctx, "gogroup", madmin.GroupDisabled))
	check("GetGroupDescription", func() error {
		d, err := adm.GetGroupDescription(ctx, "gogroup")
		if err != nil {
			return err
		}
		return expect(d.Name == "gogroup" && d.Status == "disabled" && reflect.DeepEqual(d.Members, []string{"gouser"}), "group gave %+v", d)
	}())
	check("remove non-empty group", expectCode(adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "gogroup", IsRemove: true}), "XMinioAdminGroupNotEmpty"))
	check("GetGroupDescription unknown", expectCode(func() error { _, err := adm.GetGroupDescription(ctx, "nogroup"); return err }(), "XMinioAdminNoSuchGroup"))
}

const goPolicy = `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::gobucket/*"]}]}`

func policies(ctx context.Context, adm *madmin.AdminClient) {
	check("AddCannedPolicy", adm.AddCannedPolicy(ctx, "gopolicy", []byte(goPolicy)))
	check("AddCannedPolicy without Version", expectCode(adm.AddCannedPolicy(ctx, "bad", []byte(`{"Statement":[]}`)), "MalformedPolicy"))
	check("ListCannedPolicies", func() error {
		all, err := adm.ListCannedPolicies(ctx)
		if err != nil {
			return err
		}
		names := make([]string, 0, len(all))
		for n := range all {
			names = append(names, n)
		}
		sort.Strings(names)
		return expect(strings.Join(names, ",") == "consoleAdmin,diagnostics,gopolicy,readonly,readwrite,writeonly", "policies %v", names)
	}())
	check("InfoCannedPolicy", func() error {
		raw, err := adm.InfoCannedPolicy(ctx, "gopolicy")
		if err != nil {
			return err
		}
		var got, want interface{}
		_ = json.Unmarshal(raw, &got)
		_ = json.Unmarshal([]byte(goPolicy), &want)
		return expect(reflect.DeepEqual(got, want), "info gave %s", raw)
	}())
	check("InfoCannedPolicyV2", func() error {
		info, err := adm.InfoCannedPolicyV2(ctx, "gopolicy")
		if err != nil {
			return err
		}
		var got, want interface{}
		_ = json.Unmarshal(info.Policy, &got)
		_ = json.Unmarshal([]byte(goPolicy), &want)
		// MinIO's PolicyInfo names the policy (madmin's PolicyName).
		return expect(info.PolicyName == "gopolicy" && !info.CreateDate.IsZero() && !info.UpdateDate.IsZero() && reflect.DeepEqual(got, want), "info v2 gave %+v", info)
	}())
	check("SetPolicy user", adm.SetPolicy(ctx, "readonly,gopolicy", "gouser", false))
	check("SetPolicy group", adm.SetPolicy(ctx, "diagnostics", "gogroup", true))
	check("GetUserInfo policy", func() error {
		u, err := adm.GetUserInfo(ctx, "gouser")
		if err != nil {
			return err
		}
		return expect(u.PolicyName == "readonly,gopolicy" && !u.UpdatedAt.IsZero() && reflect.DeepEqual(u.MemberOf, []string{"gogroup"}), "user-info gave %+v", u)
	}())
	check("AttachPolicy", adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"writeonly"}, User: "gouser"}))
	check("AttachPolicy again", expectCode(adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"writeonly"}, User: "gouser"}), "XMinioPolicyAlreadyAttached"))
	check("DetachPolicy", adm.DetachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"writeonly"}, User: "gouser"}))
	check("DetachPolicy again", expectCode(adm.DetachPolicy(ctx, madmin.PolicyAssociationReq{Policies: []string{"writeonly"}, User: "gouser"}), "XMinioPolicyNotAttached"))
	check("GetPolicyEntities", func() error {
		r, err := adm.GetPolicyEntities(ctx, madmin.PolicyEntitiesQuery{Policy: []string{"gopolicy"}})
		if err != nil {
			return err
		}
		return expect(len(r.PolicyMappings) == 1 && r.PolicyMappings[0].Policy == "gopolicy" && reflect.DeepEqual(r.PolicyMappings[0].Users, []string{"gouser"}) && !r.Timestamp.IsZero(), "entities gave %+v", r)
	}())
	check("RemoveCannedPolicy in use", expectCode(adm.RemoveCannedPolicy(ctx, "gopolicy"), "XMinioAdminPolicyInUse"))
	check("SetPolicy empty clears", adm.SetPolicy(ctx, "", "gouser", false))
	check("RemoveCannedPolicy", adm.RemoveCannedPolicy(ctx, "gopolicy"))
	check("InfoCannedPolicy removed", expectCode(func() error { _, err := adm.InfoCannedPolicy(ctx, "gopolicy"); return err }(), "XMinioAdminNoSuchPolicy"))
}

func serviceAccounts(ctx context.Context, adm *madmin.AdminClient, endpoint string) {
	var made madmin.Credentials
	check("AddServiceAccount", func() (err error) {
		made, err = adm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{TargetUser: "gouser", Comment: "from go", Policy: json.RawMessage(`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListBucket"],"Resource":["arn:aws:s3:::*"]}]}`)})
		if err != nil {
			return err
		}
		return expect(len(made.AccessKey) == 20 && len(made.SecretKey) == 40 && made.Expiration.IsZero(), "credentials %+v", made)
	}())
	check("ListServiceAccounts", func() error {
		r, err := adm.ListServiceAccounts(ctx, "gouser")
		if err != nil {
			return err
		}
		return expect(reflect.DeepEqual(r.Accounts, []string{made.AccessKey}), "accounts %v", r.Accounts)
	}())
	check("InfoServiceAccount", func() error {
		r, err := adm.InfoServiceAccount(ctx, made.AccessKey)
		if err != nil {
			return err
		}
		return expect(r.ParentUser == "gouser" && r.AccountStatus == "on" && !r.ImpliedPolicy && r.Comment == "from go" && strings.Contains(r.Policy, "s3:ListBucket"), "info %+v", r)
	}())
	check("UpdateServiceAccount", adm.UpdateServiceAccount(ctx, made.AccessKey, madmin.UpdateServiceAccountReq{NewStatus: "off", NewSecretKey: "a-brand-new-secret-key"}))
	check("InfoServiceAccount after update", func() error {
		r, err := adm.InfoServiceAccount(ctx, made.AccessKey)
		if err != nil {
			return err
		}
		return expect(r.AccountStatus == "off", "info %+v", r)
	}())
	check("DeleteServiceAccount", adm.DeleteServiceAccount(ctx, made.AccessKey))
	check("InfoServiceAccount deleted", expectCode(func() error { _, err := adm.InfoServiceAccount(ctx, made.AccessKey); return err }(), "XMinioInvalidIAMCredentials"))
	// A user manages its own accounts without admin rights.
	self, _ := madmin.New(endpoint, "gouser", "gouser-secret-2", false)
	check("AddServiceAccount own", func() error { _, err := self.AddServiceAccount(ctx, madmin.AddServiceAccountReq{}); return err }())
	check("ListServiceAccounts own", func() error {
		r, err := self.ListServiceAccounts(ctx, "")
		if err != nil {
			return err
		}
		return expect(len(r.Accounts) == 1, "accounts %v", r.Accounts)
	}())
	check("RemoveUser", adm.RemoveUser(ctx, "gouser"))
	check("ListServiceAccounts of removed user", func() error {
		r, err := adm.ListServiceAccounts(ctx, "gouser")
		if err != nil {
			return err
		}
		return expect(len(r.Accounts) == 0, "accounts %v", r.Accounts)
	}())
	check("remove emptied group", adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{Group: "gogroup", IsRemove: true}))
}

func quotaAndAccount(ctx context.Context, adm *madmin.AdminClient, s3 *minio.Client, access string) {
	check("MakeBucket (minio-go)", s3.MakeBucket(ctx, "gobucket", minio.MakeBucketOptions{}))
	check("GetBucketQuota none", expectCode(func() error { _, err := adm.GetBucketQuota(ctx, "gobucket"); return err }(), "XMinioAdminNoSuchQuotaConfiguration"))
	check("SetBucketQuota", adm.SetBucketQuota(ctx, "gobucket", &madmin.BucketQuota{Quota: 1 << 20, Type: madmin.HardQuota}))
	check("GetBucketQuota", func() error {
		q, err := adm.GetBucketQuota(ctx, "gobucket")
		if err != nil {
			return err
		}
		return expect(q.Quota == 1<<20 && q.Type == madmin.HardQuota, "quota %+v", q)
	}())
	// mc quota clear: madmin's empty BucketQuota. MinIO then answers an empty quota, not 404.
	check("SetBucketQuota clear", adm.SetBucketQuota(ctx, "gobucket", &madmin.BucketQuota{}))
	check("GetBucketQuota cleared", func() error {
		q, err := adm.GetBucketQuota(ctx, "gobucket")
		if err != nil {
			return err
		}
		return expect(q.Quota == 0, "quota %+v", q)
	}())
	check("SetBucketQuota again", adm.SetBucketQuota(ctx, "gobucket", &madmin.BucketQuota{Quota: 1 << 20, Type: madmin.HardQuota}))
	check("AccountInfo", func() error {
		info, err := adm.AccountInfo(ctx, madmin.AccountOpts{})
		if err != nil {
			return err
		}
		if info.AccountName != access || len(info.Buckets) != 1 {
			return fmt.Errorf("account %+v", info)
		}
		b := info.Buckets[0]
		return expect(b.Name == "gobucket" && b.Access.Read && b.Access.Write && b.Details != nil && b.Details.Quota != nil && b.Details.Quota.Quota == 1<<20, "bucket %+v", b)
	}())
}

func serverInfo(ctx context.Context, adm *madmin.AdminClient) {
	check("ServerInfo", func() error {
		info, err := adm.ServerInfo(ctx)
		if err != nil {
			return err
		}
		if info.BackendType() != madmin.Erasure || info.Mode != "online" || len(info.Servers) != 1 {
			return fmt.Errorf("info %+v", info)
		}
		return expect(len(info.Servers[0].Disks) == 4 && info.Servers[0].Disks[0].State == "ok" && info.Buckets.Count == 1, "info %+v", info)
	}())
	check("TopLocks (distributed only: 426)", expectCode(func() error { _, err := adm.TopLocks(ctx); return err }(), "XMinioAdminVersionMismatch"))
	check("StorageInfo", func() error {
		info, err := adm.StorageInfo(ctx)
		if err != nil {
			return err
		}
		return expect(len(info.Disks) == 4 && info.Backend.Type == madmin.Erasure && info.Backend.StandardSCParity == 2, "storage %+v", info)
	}())
	check("DataUsageInfo", func() error {
		info, err := adm.DataUsageInfo(ctx)
		if err != nil {
			return err
		}
		_, ok := info.BucketsUsage["gobucket"]
		return expect(info.BucketsCount == 1 && ok && !info.LastUpdate.IsZero(), "usage %+v", info)
	}())
}

func config(ctx context.Context, adm *madmin.AdminClient) {
	// The store connects to a notification target when it is set, as MinIO does.
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer hook.Close()
	endpoint := hook.URL + "/hook"
	setHook := fmt.Sprintf(`notify_webhook:go endpoint="%s" queue_limit=5`, endpoint)
	check("SetConfigKV unreachable target", expectCode(func() error {
		_, err := adm.SetConfigKV(ctx, `notify_webhook:down endpoint="http://127.0.0.1:9/hook"`)
		return err
	}(), "XMinioAdminConfigBadJSON"))
	check("SetConfigKV (restart needed)", func() error {
		restart, err := adm.SetConfigKV(ctx, setHook)
		if err != nil {
			return err
		}
		return expect(restart, "expected restart for notify_webhook")
	}())
	check("SetConfigKV (dynamic)", func() error {
		restart, err := adm.SetConfigKV(ctx, "compression enable=on")
		if err != nil {
			return err
		}
		return expect(!restart, "expected no restart for compression")
	}())
	check("SetConfigKV missing required key", expectCode(func() error { _, err := adm.SetConfigKV(ctx, "notify_redis:r key=x"); return err }(), "XMinioConfigError"))
	check("GetConfigKV + ParseServerConfigOutput", func() error {
		out, err := adm.GetConfigKV(ctx, "notify_webhook")
		if err != nil {
			return err
		}
		cfgs, err := madmin.ParseServerConfigOutput(string(out))
		if err != nil {
			return err
		}
		if len(cfgs) != 2 || cfgs[1].Target != "go" {
			return fmt.Errorf("parsed %+v from %q", cfgs, out)
		}
		v, _ := cfgs[1].Lookup("endpoint")
		q, _ := cfgs[1].Lookup("queue_limit")
		return expect(v == endpoint && q == "5", "values %q %q", v, q)
	}())
	check("ServerInfo sqsARN", func() error {
		info, err := adm.ServerInfo(ctx)
		if err != nil {
			return err
		}
		return expect(reflect.DeepEqual(info.SQSARN, []string{"arn:minio:sqs::go:webhook"}), "arns %v", info.SQSARN)
	}())
	check("HelpConfigKV", func() error {
		h, err := adm.HelpConfigKV(ctx, "notify_webhook", "", false)
		if err != nil {
			return err
		}
		return expect(h.SubSys == "notify_webhook" && h.MultipleTargets && len(h.KeysHelp) > 3 && h.KeysHelp[1].Key == "endpoint" && !h.KeysHelp[1].Optional, "help %+v", h)
	}())
	check("HelpConfigKV subsystems", func() error {
		h, err := adm.HelpConfigKV(ctx, "", "", false)
		if err != nil {
			return err
		}
		return expect(len(h.KeysHelp) > 10, "help %+v", h)
	}())
	check("DelConfigKV", func() error { _, err := adm.DelConfigKV(ctx, "notify_webhook:go"); return err }())
	check("DelConfigKV missing", expectCode(func() error { _, err := adm.DelConfigKV(ctx, "notify_webhook:go"); return err }(), "XMinioConfigNotFoundError"))
	var history []madmin.ConfigHistoryEntry
	check("ListConfigHistoryKV", func() (err error) {
		history, err = adm.ListConfigHistoryKV(ctx, 0)
		if err != nil {
			return err
		}
		return expect(len(history) == 2 && history[0].Data == setHook && !history[0].CreateTime.IsZero(), "history %+v", history)
	}())
	if len(history) == 2 {
		check("RestoreConfigHistoryKV", adm.RestoreConfigHistoryKV(ctx, history[0].RestoreID))
		check("GetConfigKV after restore", func() error {
			out, err := adm.GetConfigKV(ctx, "notify_webhook:go")
			if err != nil {
				return err
			}
			return expect(strings.Contains(string(out), "queue_limit=5"), "restored %q", out)
		}())
		check("ClearConfigHistoryKV", adm.ClearConfigHistoryKV(ctx, "all"))
	}
	check("GetConfig", func() error {
		out, err := adm.GetConfig(ctx)
		if err != nil {
			return err
		}
		return expect(strings.Contains(string(out), "notify_webhook:go endpoint="+endpoint), "config %q", out)
	}())
	check("AddOrUpdateIDPConfig (add)", func() error {
		restart, err := adm.AddOrUpdateIDPConfig(ctx, "openid", "goidp", "config_url=http://127.0.0.1:9/.well-known/openid-configuration client_id=go client_secret=go-secret", false)
		if err != nil {
			return err
		}
		return expect(restart, "expected a restart for identity_openid")
	}())
	check("AddOrUpdateIDPConfig (update)", func() error {
		_, err := adm.AddOrUpdateIDPConfig(ctx, "openid", "goidp", "display_name=Go", true)
		return err
	}())
	check("GetIDPConfig", func() error {
		c, err := adm.GetIDPConfig(ctx, "openid", "goidp")
		if err != nil {
			return err
		}
		for _, kv := range c.Info {
			if kv.Key == "display_name" {
				return expect(kv.Value == "Go" && c.Type == "openid" && c.Name == "goidp", "idp %+v", c)
			}
		}
		return fmt.Errorf("no display_name in %+v", c)
	}())
	check("ListIDPConfig", func() error {
		items, err := adm.ListIDPConfig(ctx, "openid")
		if err != nil {
			return err
		}
		return expect(len(items) == 1 && items[0].Name == "goidp" && items[0].Enabled, "items %+v", items)
	}())
	check("DeleteIDPConfig", func() error { _, err := adm.DeleteIDPConfig(ctx, "openid", "goidp"); return err }())
	check("SetConfig", adm.SetConfig(ctx, strings.NewReader("site region=eu-central-1\n")))
	check("GetConfigKV after SetConfig", func() error {
		out, err := adm.GetConfigKV(ctx, "site")
		if err != nil {
			return err
		}
		return expect(string(out) == "site name= region=eu-central-1 \n", "site %q", out)
	}())
}

func heal(ctx context.Context, adm *madmin.AdminClient, s3 *minio.Client) {
	_, err := s3.PutObject(ctx, "gobucket", "heal/one", strings.NewReader(strings.Repeat("x", 200000)), 200000, minio.PutObjectOptions{})
	check("PutObject (minio-go)", err)
	var token string
	check("Heal start", func() error {
		start, _, err := adm.Heal(ctx, "gobucket", "heal/", madmin.HealOpts{Recursive: true, ScanMode: madmin.HealNormalScan}, "", false, false)
		token = start.ClientToken
		if err != nil {
			return err
		}
		return expect(token != "" && !start.StartTime.IsZero(), "start %+v", start)
	}())
	check("Heal status until finished", func() error {
		objects := 0
		for i := 0; i < 200; i++ {
			_, status, err := adm.Heal(ctx, "gobucket", "heal/", madmin.HealOpts{}, token, false, false)
			if err != nil {
				return err
			}
			for _, item := range status.Items {
				if item.Type == madmin.HealItemObject && item.Object == "heal/one" {
					objects++
				}
			}
			if status.Summary == "finished" {
				return expect(objects == 1 && status.HealSettings.Recursive, "status %+v, %d objects", status, objects)
			}
			time.Sleep(50 * time.Millisecond)
		}
		return fmt.Errorf("heal did not finish")
	}())
	check("BackgroundHealStatus", func() error {
		st, err := adm.BackgroundHealStatus(ctx)
		if err != nil {
			return err
		}
		mrf := madmin.MRFStatus{}
		for _, m := range st.MRF {
			mrf = m
		}
		return expect(len(st.MRF) == 1 && !mrf.Started.IsZero() && mrf.ItemsHealed <= mrf.TotalItems &&
			len(st.Sets) == 1 && len(st.Sets[0].Disks) == 4 && st.SCParity["STANDARD"] == 2,
			"state %+v", st)
	}())
	check("Heal bad token", expectCode(func() error {
		_, _, err := adm.Heal(ctx, "gobucket", "heal/", madmin.HealOpts{}, "bad-token", false, false)
		return err
	}(), "XMinioHealInvalidClientToken"))
}

func streams(ctx context.Context, adm *madmin.AdminClient, s3 *minio.Client) {
	traces(ctx, adm, s3)
	check("ListenBucketNotification (minio-go)", func() error {
		lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		events := s3.ListenBucketNotification(lctx, "gobucket", "watch/", "", []string{"s3:ObjectCreated:*"})
		go func() {
			time.Sleep(300 * time.Millisecond)
			_, _ = s3.PutObject(ctx, "gobucket", "watch/one", strings.NewReader("hello"), 5, minio.PutObjectOptions{})
		}()
		for info := range events {
			if info.Err != nil {
				return info.Err
			}
			for _, r := range info.Records {
				return expect(r.EventName == "s3:ObjectCreated:Put" && r.S3.Object.Key == "watch/one" && r.S3.Object.Size == 5, "record %+v", r)
			}
		}
		return fmt.Errorf("no event")
	}())
	check("ServerHealthInfo", func() error {
		// A target whose token the report must redact.
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		defer hook.Close()
		if _, err := adm.SetConfigKV(ctx, fmt.Sprintf(`notify_webhook:diag endpoint="%s/hook" auth_token=%s`, hook.URL, hookSecret)); err != nil {
			return err
		}
		defer adm.DelConfigKV(ctx, "notify_webhook:diag")
		resp, version, err := adm.ServerHealthInfo(ctx, madmin.HealthDataTypesList, 20*time.Second)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		// What follows the version object: the complete document (madmin's callers decode it).
		doc, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		doc = bytes.TrimSpace(doc)
		if err := healthDocument(doc, hookSecret); err != nil {
			return err
		}
		var info madmin.HealthInfo
		if err := json.Unmarshal(doc, &info); err != nil {
			return err
		}
		config, _ := info.Minio.Config.Config.(map[string]interface{})
		hooks, _ := json.Marshal(config["notify_webhook"])
		return expect(version == "3" && config["identity_ldap"] != nil && bytes.Contains(hooks, []byte(`"*redacted*"`)) &&
			!bytes.Contains(doc, []byte(rootSecret)), "health %s", doc)
	}())
	check("GetLogs", func() error {
		lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		for l := range adm.GetLogs(lctx, "", 1, "ALL") {
			if l.Err != nil {
				return l.Err
			}
			return expect(strings.Contains(l.ConsoleMsg, "store listening on") && l.NodeName != "", "log %+v", l)
		}
		return fmt.Errorf("no log line")
	}())
}

func service(ctx context.Context, adm *madmin.AdminClient) {
	check("ServiceFreeze", adm.ServiceFreeze(ctx))
	check("ServerInfo while frozen", func() error {
		_, err := adm.ServerInfo(ctx)
		return err
	}())
	check("ServiceUnfreeze", adm.ServiceUnfreeze(ctx))
	check("ServiceRestart", adm.ServiceRestart(ctx))
	check("ServerInfo after restart", func() error {
		var err error
		for i := 0; i < 100; i++ {
			var info madmin.InfoMessage
			if info, err = adm.ServerInfo(ctx); err == nil {
				return expect(info.Mode == "online", "info %+v", info)
			}
			time.Sleep(100 * time.Millisecond)
		}
		return err
	}())
}

func targetsAndTiers(ctx context.Context, adm *madmin.AdminClient, s3 *minio.Client, endpoint, access, secret string) {
	for _, b := range []string{"gosource", "gotarget"} {
		check("MakeBucket "+b, s3.MakeBucket(ctx, b, minio.MakeBucketOptions{}))
		check("EnableVersioning "+b, s3.EnableVersioning(ctx, b))
	}
	target := &madmin.BucketTarget{
		SourceBucket: "gosource",
		Endpoint:     endpoint,
		Credentials:  &madmin.Credentials{AccessKey: access, SecretKey: secret},
		TargetBucket: "gotarget",
		Type:         madmin.ReplicationService,
	}
	var arn string
	check("SetRemoteTarget", func() (err error) {
		arn, err = adm.SetRemoteTarget(ctx, "gosource", target)
		if err != nil {
			return err
		}
		_, err = madmin.ParseARN(arn)
		return err
	}())
	check("ListRemoteTargets", func() error {
		ts, err := adm.ListRemoteTargets(ctx, "gosource", "replication")
		if err != nil {
			return err
		}
		return expect(len(ts) == 1 && ts[0].Arn == arn && ts[0].Credentials != nil && ts[0].Credentials.SecretKey == "", "targets %+v", ts)
	}())
	check("RemoveRemoteTarget", adm.RemoveRemoteTarget(ctx, "gosource", arn))
	check("ListRemoteTargets none", expectCode(func() error { _, err := adm.ListRemoteTargets(ctx, "gosource", ""); return err }(), "XMinioAdminRemoteTargetNotFoundError"))

	tier, err := madmin.NewTierMinIO("GOTIER", "http://"+endpoint, access, secret, "gotarget")
	check("NewTierMinIO", err)
	if err != nil {
		return
	}
	check("AddTier", adm.AddTier(ctx, tier))
	check("AddTier again", expectCode(adm.AddTier(ctx, tier), "XMinioAdminTierAlreadyExists"))
	check("ListTiers", func() error {
		tiers, err := adm.ListTiers(ctx)
		if err != nil {
			return err
		}
		return expect(len(tiers) == 1 && tiers[0].Name == "GOTIER" && tiers[0].MinIO != nil && tiers[0].MinIO.SecretKey == "REDACTED", "tiers %+v", tiers)
	}())
	check("EditTier", adm.EditTier(ctx, "GOTIER", madmin.TierCreds{AccessKey: access, SecretKey: secret}))
	check("VerifyTier", adm.VerifyTier(ctx, "GOTIER"))
	check("TierStats", func() error {
		stats, err := adm.TierStats(ctx)
		if err != nil {
			return err
		}
		return expect(len(stats) == 2 && stats[0].Name == "STANDARD" && stats[1].Name == "GOTIER", "stats %+v", stats)
	}())
	check("RemoveTier", adm.RemoveTier(ctx, "GOTIER"))
}
