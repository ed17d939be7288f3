import { render } from '@testing-library/react';
import { it } from 'vitest';
import { Loading } from '/work/main/apps/console-web/src/components/Loading.js';
import { Providers } from '/work/main/apps/console-web/src/app/providers.js';
import { createQueryClient } from '/work/main/apps/console-web/src/api/queryClient.js';
it('x', () => {
  const v = render(<Providers queryClient={createQueryClient()} env="test"><Loading /></Providers>);
  console.log(v.container.innerHTML);
});
