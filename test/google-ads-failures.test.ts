// @store both
/**
 * The Google Ads adapter's failures, each as the stand-in answers it (test/helpers/
 * google-ads-stand-in.ts names the reference pages): what code the port gets, and a message that
 * names the field and the fix; retries within a bound; nothing half-made left unsaid; and the
 * credentials in no message and no row.
 */
import { describe, expect, it } from 'vitest';
import { googleAdsCredentialsFromEnv } from '../server/ads/google-ads/settings.ts';
import { CREDS } from './helpers/google-ads-stand-in.ts';
import { failureOf, settings, SVC, useGoogleAds } from './helpers/google-ads-fixture.ts';

const f = useGoogleAds();

describe('failures a user can act on', () => {
  it('an unapproved developer token names the variable and the fix', async () => {
    f.standIn.developerTokenNotApproved();
    const e = await failureOf(f.platform().accounts('ws1'));
    expect(e.code).toBe('credentials');
    expect(e.message).toMatch(/ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN.*test accounts.*Basic access/);
  });

  it('an expired refresh token names the variable; a 401 gets one new access token', async () => {
    const p = f.platform();
    await p.accounts('ws1');
    f.standIn.expireAccessTokens();
    await p.createCampaign('123-456-7890', SVC, settings());
    expect(f.standIn.tokensIssued()).toBe(2);
    f.standIn.expireAccessTokens();
    f.standIn.revokeRefreshToken();
    const e = await failureOf(f.platform().accounts('ws1'));
    expect(e.code).toBe('credentials');
    expect(e.message).toMatch(/ADCLI_GOOGLE_ADS_REFRESH_TOKEN\) has expired or was revoked/);
  });

  it('RESOURCE_EXHAUSTED and 5xx are retried within a bound', async () => {
    const p = f.platform();
    f.standIn.fail('listAccessibleCustomers', {
      status: 429,
      rpc: 'RESOURCE_EXHAUSTED',
      errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
      message: 'Too many requests.',
      times: 2,
    });
    expect(await p.accounts('ws1')).toHaveLength(1);
    f.standIn.fail('googleAds:searchStream', {
      status: 503,
      rpc: 'UNAVAILABLE',
      errorCode: { internalError: 'TRANSIENT_ERROR' },
      message: 'The service is currently unavailable.',
      times: 10,
    });
    const e = await failureOf(f.platform().accounts('ws1'));
    expect(e.code).toBe('unavailable');
    expect(
      f.standIn.seen.filter((s) => s.path.endsWith('searchStream') && s.status === 503),
    ).toHaveLength(4);
  });

  it('a budget made for a campaign that failed is removed again, and said so', async () => {
    f.standIn.fail('campaigns:mutate', {
      status: 400,
      rpc: 'INVALID_ARGUMENT',
      errorCode: { campaignError: 'DUPLICATE_CAMPAIGN_NAME' },
      message: 'A campaign with this name already exists.',
    });
    const e = await failureOf(f.platform().createCampaign('123-456-7890', SVC, settings()));
    expect(e.code).toBe('refused');
    expect(e.message).toMatch(/DUPLICATE_CAMPAIGN_NAME.*was removed again/);
    expect(f.standIn.world.budgets.size).toBe(0);
  });

  it('a create that got a 5xx is not made again: it may have been made, so it is named', async () => {
    f.standIn.fail('campaigns:mutate', {
      status: 503,
      rpc: 'UNAVAILABLE',
      errorCode: { internalError: 'TRANSIENT_ERROR' },
      message: 'The service is currently unavailable.',
    });
    const e = await failureOf(f.platform().createCampaign('123-456-7890', SVC, settings()));
    expect(e.code).toBe('unavailable');
    expect(e.message).toMatch(/may have made the campaign "Espresso at home \(adcli c0ffee/);
    expect(f.standIn.seen.filter((s) => s.path.endsWith('campaigns:mutate'))).toHaveLength(1);
    expect(f.standIn.world.budgets.size).toBe(0);
  });

  it('credentials are in no message, even one that echoes them back', async () => {
    f.standIn.fail('listAccessibleCustomers', {
      status: 400,
      rpc: 'INVALID_ARGUMENT',
      errorCode: { requestError: 'INVALID_INPUT' },
      message: `bad header ${CREDS.developerToken} for ${CREDS.clientSecret}`,
    });
    const e = await failureOf(f.platform().accounts('ws1'));
    for (const secret of Object.values(CREDS)) expect(e.message).not.toContain(secret);
    const rows = JSON.stringify(await f.store.all('SELECT * FROM google_ads_campaigns'));
    for (const secret of Object.values(CREDS)) expect(rows).not.toContain(secret);
  });

  it('credentials come from the environment, each missing one named', () => {
    const out = googleAdsCredentialsFromEnv({
      ADCLI_GOOGLE_ADS_CLIENT_ID: 'x',
      ADCLI_GOOGLE_ADS_LOGIN_CUSTOMER_ID: '12',
    });
    expect('problems' in out && out.problems.join('\n')).toMatch(
      /DEVELOPER_TOKEN is not set[\s\S]*CLIENT_SECRET[\s\S]*REFRESH_TOKEN[\s\S]*LOGIN_CUSTOMER_ID must be a customer id of 10 digits/,
    );
  });
});
