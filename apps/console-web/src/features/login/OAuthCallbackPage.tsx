import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading.js';
import { LoginFrame } from './LoginFrame.js';
import { useOAuth2LoginMutation } from './queries.js';

/**
 * Spec 000 §2 "/oauth_callback": the identity provider sends the browser back here. An error
 * shows 'IDP Error:'; a code is traded for a session, then '/'; a failed trade goes to /login.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const trade = useOAuth2LoginMutation();
  const started = useRef(false);
  const error = params.get('error');
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    // Once: a code is single-use, and React may run effects twice in development.
    if (error || started.current) return;
    started.current = true;
    trade.mutate(
      { code, state },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: () => navigate('/login', { replace: true }),
      },
    );
  }, [error, code, state, trade, navigate]);

  if (!error) return <Loading fullPage />;
  return (
    <LoginFrame heading={t('login.idpError')}>
      <Stack>
        <Text>{error}</Text>
        {params.get('error_description') && <Text c="dimmed">{params.get('error_description')}</Text>}
        <Anchor component={Link} to="/login">
          {t('login.backToLogin')}
        </Anchor>
      </Stack>
    </LoginFrame>
  );
}
