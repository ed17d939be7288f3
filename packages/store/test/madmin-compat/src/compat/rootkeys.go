package main

import (
	"context"

	madmin "github.com/minio/madmin-go/v2"
)

// A user holding admin:CreateServiceAccount and admin:UpdateServiceAccount may manage other
// users' service accounts, never root's: a key made for root, or a root key's secret
// changed, would be root (the store refuses both with AccessDenied; MinIO lets them by).
func rootKeys(ctx context.Context, adm *madmin.AdminClient, endpoint, rootAccess string) {
	const policy = `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["admin:CreateServiceAccount","admin:UpdateServiceAccount"],"Resource":["arn:minio:admin:::*"]}]}`
	check("AddCannedPolicy service-account admin", adm.AddCannedPolicy(ctx, "gosaadmin", []byte(policy)))
	check("AddUser service-account admin", adm.AddUser(ctx, "gosaadmin", "gosaadmin-secret-1"))
	check("SetPolicy service-account admin", adm.SetPolicy(ctx, "gosaadmin", "gosaadmin", false))
	holder, _ := madmin.New(endpoint, "gosaadmin", "gosaadmin-secret-1", false)

	check("AddServiceAccount for root by a non-root admin", expectCode(func() error {
		_, err := holder.AddServiceAccount(ctx, madmin.AddServiceAccountReq{TargetUser: rootAccess})
		return err
	}(), "AccessDenied"))
	var roots madmin.Credentials
	check("AddServiceAccount root's own", func() (err error) {
		roots, err = adm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{})
		return err
	}())
	check("UpdateServiceAccount root's secret by a non-root admin", expectCode(holder.UpdateServiceAccount(ctx, roots.AccessKey, madmin.UpdateServiceAccountReq{NewSecretKey: "taken-over-secret-1"}), "AccessDenied"))
	check("UpdateServiceAccount root's policy by a non-root admin", expectCode(holder.UpdateServiceAccount(ctx, roots.AccessKey, madmin.UpdateServiceAccountReq{NewPolicy: []byte(`{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:*"],"Resource":["arn:aws:s3:::*"]}]}`)}), "AccessDenied"))
	check("UpdateServiceAccount another user's by a non-root admin", func() error {
		made, err := holder.AddServiceAccount(ctx, madmin.AddServiceAccountReq{TargetUser: "gosaadmin"})
		if err != nil {
			return err
		}
		return holder.UpdateServiceAccount(ctx, made.AccessKey, madmin.UpdateServiceAccountReq{NewStatus: "off"})
	}())
	check("UpdateServiceAccount root's own", adm.UpdateServiceAccount(ctx, roots.AccessKey, madmin.UpdateServiceAccountReq{NewStatus: "off"}))
	check("DeleteServiceAccount root's own", adm.DeleteServiceAccount(ctx, roots.AccessKey))
	check("RemoveUser service-account admin", adm.RemoveUser(ctx, "gosaadmin"))
	check("RemoveCannedPolicy service-account admin", adm.RemoveCannedPolicy(ctx, "gosaadmin"))
}
