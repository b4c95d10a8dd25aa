import { useSession } from '../session/session-store';
import { dismissFailuresOnSignIn } from './failures-settle';
import { toast, useToasts } from './toast-store';

const kinds = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`);

describe('toasts (SPEC §2.3, issue 11)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => jest.useRealTimers());

  it('close themselves after 3 seconds', () => {
    toast('Saved', 'info');
    jest.advanceTimersByTime(2999);
    expect(kinds()).toEqual(['info:Saved']);
    jest.advanceTimersByTime(1);
    expect(kinds()).toEqual([]);
  });

  it("a failed attempt's toast does not outlive a later success", () => {
    toast('Failed to send OTP. Please try again.', 'error');
    toast('Checking', 'info');
    toast('OTP sent Successfully.', 'success');
    expect(kinds()).toEqual(['info:Checking', 'success:OTP sent Successfully.']);
  });

  it('a sign-in closes the failures before it', () => {
    const stop = dismissFailuresOnSignIn();
    toast('Failed to verify OTP.', 'error');
    useSession.setState({
      user: { token: 't', phoneNumber: '+919876543210', isSubscribed: false, activeSubscription: null },
    });
    expect(kinds()).toEqual([]);
    stop();
    useSession.setState({ user: null });
  });
});
