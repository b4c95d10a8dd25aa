import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../support/browser';
import { earlySignIn, waitForNextCode } from '../support/early-sign-ins';
import { freshClientIp, freshPhone, fromClient, latestCode, storeSession } from '../support/sessions';

// The interface in the viewer's language (issue 11): chosen in the header, remembered on the device and
// on a signed-in viewer's account, first taken from the browser's languages; the header, the login flow and a server's error in that
// language; the Indian scripts drawn with the site's own fonts.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientIp: string;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function open(locale = 'en-US'): Promise<void> {
  clientIp = freshClientIp();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale });
  await fromClient(context, clientIp);
  page = await context.newPage();
}

afterEach(async () => {
  await context?.close();
});

const header = () => page.locator('header.site-header');
const h1 = (name: string) => page.getByRole('heading', { level: 1, name });

describe('choosing the interface language (issue 11)', () => {
  it('turns the header, the login flow and a server error into Tamil, and keeps it after a reload', async () => {
    await open();
    await page.goto(`${BASE_URL}/about`);
    await h1('About Chitram').waitFor();
    await header()
      .getByRole('button', { name: /^Site language/ })
      .click();
    await page.locator('#language-panel').getByRole('button', { name: 'தமிழ்' }).click();

    await header().getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    await header().getByRole('link', { name: 'உள்நுழை' }).waitFor();
    await header().getByRole('searchbox', { name: 'தலைப்புகளைத் தேடு' }).waitFor();

    await page.reload();
    await header().getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
    await header().getByRole('link', { name: 'உள்நுழை' }).click();
    await h1('தொடர உள்நுழையுங்கள்').waitFor();

    const phone = freshPhone();
    await page.getByLabel('மொபைல் எண்').fill(phone);
    await page.getByRole('button', { name: 'OTP அனுப்பு' }).click();
    await page.locator('.toast', { hasText: 'OTP வெற்றிகரமாக அனுப்பப்பட்டது.' }).waitFor();
    await page.getByText('எண்ணுக்கு 6 இலக்கக் குறியீட்டை அனுப்பியுள்ளோம்').waitFor();

    // A wrong code: the server answers OTP_INVALID, and the toast says so in Tamil.
    const right = await latestCode(phone, clientIp);
    const wrong = right === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP-ஐ உள்ளிடுக').fill(wrong);
    await page.locator('.toast', { hasText: 'OTP-ஐச் சரிபார்க்க முடியவில்லை.' }).waitFor();

    await page.getByLabel('OTP-ஐ உள்ளிடுக').fill(right);
    await page.waitForURL(`${BASE_URL}/`);
    await header().getByRole('button', { name: 'சுயவிவரம்' }).waitFor();
  });

  it("starts in the browser's language, and English stays one click away", async () => {
    await open('hi-IN');
    await page.goto(`${BASE_URL}/about`);
    await header().getByRole('link', { name: 'होम', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await header()
      .getByRole('button', { name: /^साइट की भाषा/ })
      .click();
    await page.locator('#language-panel').getByRole('button', { name: 'English' }).click();
    await header().getByRole('link', { name: 'Home', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('interfaceLanguage'))).toBe('en');
  });

  it('shows the policies in the interface language, their links and contact working', async () => {
    await open('ta-IN');
    await page.goto(`${BASE_URL}/tnc`);
    await h1('விதிமுறைகள் மற்றும் நிபந்தனைகள்').waitFor();
    const main = page.locator('main');
    expect(await main.innerText()).toMatch(/18 வயது அல்லது அதற்கு மேற்பட்டவர்களுக்கு/);
    expect(await main.innerText()).toMatch(/ஹைதராபாத், தெலங்கானா/);
    await main.getByRole('note').getByText('ஆங்கில உரையே பொருந்தும்', { exact: false }).waitFor();
    expect(await main.getByRole('link', { name: 'support@chitram.in' }).count()).toBe(2);
    await main.getByRole('link', { name: 'பணத்திருப்பம் மற்றும் ரத்துக் கொள்கை' }).click();
    await h1('பணத்திருப்பம் மற்றும் ரத்துக் கொள்கை').waitFor();
    expect(await page.locator('main').innerText()).toMatch(/5 முதல் 7 வேலை நாட்களுக்குள்/);
  });

  it('writes numbers for the language: ₹ in the Indian grouping, Bengali digits in prices and counts alike', async () => {
    await open('bn-IN');
    await page.goto(`${BASE_URL}/subscribe`);
    await page.locator('.vw-plan').first().waitFor();
    const amounts = await page.locator('.vw-plan__amount').allInnerTexts();
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^₹[০-৯,]+\.[০-৯]{2}$/);
    await page
      .getByRole('button', { name: /^₹[০-৯,]+ দিন$/ })
      .first()
      .waitFor();

    // A count in the words is written with the same digits as the prices.
    await page.goto(`${BASE_URL}/search?q=a`);
    const count = page.locator('.vw-list__count');
    await count.waitFor();
    expect(await count.innerText()).toMatch(/^[০-৯,]+টি টাইটেল$/);
  });
});

describe("the interface language of a signed-in viewer's account (issue 11)", () => {
  const languageButton = (name: RegExp) => header().getByRole('button', { name });

  it('follows the viewer to a fresh browser: Tamil chosen on one device is the language after signing in on another', async () => {
    // Device one: signed in, the viewer picks Tamil in the header; the account keeps it.
    const first = await earlySignIn('viewer');
    await open();
    await storeSession(page, 'user', first.session);
    await page.goto(`${BASE_URL}/about`);
    await header().getByRole('button', { name: 'Profile' }).waitFor();
    await languageButton(/^Site language/).click();
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/user/me') && res.request().method() === 'PATCH',
    );
    await page.locator('#language-panel').getByRole('button', { name: 'தமிழ்' }).click();
    expect((await saved).status()).toBe(200);
    await header().getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
    await context.close();

    // Device two: a fresh browser in Hindi, its own choice before sign-in; the account's wins after it.
    await open('hi-IN');
    await page.goto(`${BASE_URL}/login`);
    await header().getByRole('link', { name: 'होम', exact: true }).waitFor();
    // The number may have its next code a minute after the first (DECISIONS D4).
    await waitForNextCode(first);
    await page.getByLabel('मोबाइल नंबर').fill(first.phone);
    await page.getByRole('button', { name: 'OTP भेजें' }).click();
    const code = page.getByLabel('OTP डालें');
    await code.waitFor();
    await code.fill(await latestCode(first.phone, clientIp));

    await header().getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
    await header().getByRole('button', { name: 'சுயவிவரம்' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    // This device now remembers it too: a reload stays in Tamil.
    expect(await page.evaluate(() => localStorage.getItem('interfaceLanguage'))).toBe('ta');
    await page.reload();
    await header().getByRole('link', { name: 'முகப்பு', exact: true }).waitFor();
  }, 120_000);
});

/** The fonts Chromium drew an element's text with: family, and whether it came from the page. */
async function fontsOf(
  cdp: CDPSession,
  selector: string,
): Promise<Array<{ familyName: string; isCustomFont: boolean }>> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

describe('every script renders (issue 11)', () => {
  it.each([
    ['hi', 'हिन्दी', 'Devanagari'],
    ['ta', 'தமிழ்', 'Tamil'],
    ['te', 'తెలుగు', 'Telugu'],
    ['ml', 'മലയാളം', 'Malayalam'],
    ['kn', 'ಕನ್ನಡ', 'Kannada'],
    ['bn', 'বাংলা', 'Bengali'],
  ])(
    "draws the %s chip's native name with the site's own %s font, every glyph",
    async (code, native, script) => {
      await open();
      await page.goto(`${BASE_URL}/`);
      const chip = page.locator(`.vw-switcher__native[lang="${code}"]`);
      await chip.waitFor();
      expect(await chip.innerText()).toBe(native);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const fonts = await fontsOf(cdp, `.vw-switcher__native[lang="${code}"]`);
      // One font drew it all (a missing glyph would be drawn by a fallback, or as a box), and it is ours.
      expect(fonts.map((f) => ({ family: f.familyName, ours: f.isCustomFont }))).toEqual([
        { family: expect.stringContaining(`Noto Sans ${script}`), ours: true },
      ]);
    },
  );
});
