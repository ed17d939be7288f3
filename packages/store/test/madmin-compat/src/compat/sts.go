package main

// STS through minio-go's own credential providers: AssumeRole, AssumeRoleWithLDAPIdentity
// (a real OpenLDAP) and AssumeRoleWithWebIdentity (a real OpenID provider's id_token). Each
// set of temporary credentials is then used for S3 calls its policy allows and refuses.

import (
	"bytes"
	"context"
	"fmt"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// stsChecks expects the bucket "sts" to hold "hello" ("hi"), the LDAP user to have readonly and the
// id_token's policy claim to name readwrite.
func stsChecks(ctx context.Context, endpoint, access, secret, ldapUser, ldapPass, idToken string) {
	url := "http://" + endpoint
	client := func(name string, creds *credentials.Credentials) *minio.Client {
		c, err := minio.New(endpoint, &minio.Options{Creds: creds})
		if err != nil {
			check(name, err)
			return nil
		}
		return c
	}
	// The temporary credentials must carry a session token and work for what is allowed.
	login := func(name string, creds *credentials.Credentials) *minio.Client {
		v, err := creds.Get()
		if err == nil {
			err = expect(v.AccessKeyID != "" && v.SessionToken != "" && v.SecretAccessKey != "", "creds %+v", v)
		}
		check(name, err)
		if err != nil {
			return nil
		}
		return client(name, creds)
	}
	put := func(c *minio.Client, key string) error {
		_, err := c.PutObject(ctx, "sts", key, bytes.NewReader([]byte(key)), int64(len(key)), minio.PutObjectOptions{})
		return err
	}
	denied := func(err error) error {
		if err == nil {
			return fmt.Errorf("expected AccessDenied, got success")
		}
		return expect(minio.ToErrorResponse(err).Code == "AccessDenied", "got %v", err)
	}

	assumed, _ := credentials.NewSTSAssumeRole(url, credentials.STSAssumeRoleOptions{
		AccessKey: access, SecretKey: secret, DurationSeconds: 900,
	})
	if c := login("AssumeRole", assumed); c != nil {
		check("AssumeRole credentials write", put(c, "by-assume-role"))
	}

	ldapCreds, err := credentials.NewLDAPIdentity(url, ldapUser, ldapPass)
	check("NewLDAPIdentity", err)
	if c := login("AssumeRoleWithLDAPIdentity", ldapCreds); c != nil {
		check("LDAP readonly user reads", func() error {
			o, err := c.GetObject(ctx, "sts", "hello", minio.GetObjectOptions{})
			if err != nil {
				return err
			}
			defer o.Close()
			var got bytes.Buffer
			if _, err := got.ReadFrom(o); err != nil {
				return err
			}
			return expect(got.String() == "hi", "read %q", got.String())
		}())
		check("LDAP readonly user cannot write", denied(put(c, "by-ldap")))
	}
	wrong, _ := credentials.NewLDAPIdentity(url, ldapUser, "not-the-password")
	_, err = wrong.Get()
	check("AssumeRoleWithLDAPIdentity wrong password", expect(err != nil, "a wrong password logged in"))

	web, err := credentials.NewSTSWebIdentity(url, func() (*credentials.WebIdentityToken, error) {
		return &credentials.WebIdentityToken{Token: idToken}, nil
	})
	check("NewSTSWebIdentity", err)
	if c := login("AssumeRoleWithWebIdentity", web); c != nil {
		check("OpenID readwrite user writes", put(c, "by-openid"))
	}
	forged, _ := credentials.NewSTSWebIdentity(url, func() (*credentials.WebIdentityToken, error) {
		return &credentials.WebIdentityToken{Token: idToken + "x"}, nil
	})
	_, err = forged.Get()
	check("AssumeRoleWithWebIdentity forged token", expect(err != nil, "a forged token logged in"))
}
