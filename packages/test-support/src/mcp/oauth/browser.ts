/**
 * A user at a browser, as far as an authorization server's pages need one: follows redirects
 * by hand with a cookie jar, fills in the development login form (any login) and confirms
 * consent, until the redirect to `redirectPrefix` (the app's loopback receiver), which it
 * requests too. Returns that last URL.
 */
export async function completeLoginInBrowser(start: URL, redirectPrefix = 'http://127.0.0.1:'): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = start;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: cookieHeader() },
    });
    remember(response);
    const location = response.headers.get('location');
    if (location !== null) {
      url = new URL(location, url);
      init = { method: 'GET' };
      if (url.href.startsWith(redirectPrefix) && url.pathname === '/oauth/callback') {
        await (await fetch(url)).text();
        return url;
      }
      await response.text();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || prompt === undefined) {
      throw new Error(
        `the authorization server answered ${response.status} without a form: ${html.slice(0, 300)}`,
      );
    }
    url = new URL(action.replaceAll('&amp;', '&'), url);
    const form = new URLSearchParams({
      prompt,
      ...(prompt === 'login' ? { login: 'alice', password: 'any' } : {}),
    });
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the login did not end in a redirect to the app within 20 steps');
}
