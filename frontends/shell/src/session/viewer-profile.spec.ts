import { profileUpdateFrom } from './viewer-profile';

describe('GET /api/user/me into the profile panel (SPEC §2.4, DECISIONS D2)', () => {
  it('takes the phone number and the plan', () => {
    expect(
      profileUpdateFrom({
        _id: 'v1',
        phoneNumber: '+919876543210',
        isSubscribed: true,
        activeSubscription: { planName: 'Gold Plan', validTill: '2026-12-31T18:30:00.000Z' },
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    ).toEqual({
      _id: 'v1',
      phoneNumber: '+919876543210',
      isSubscribed: true,
      activeSubscription: { planName: 'Gold Plan', validTill: '2026-12-31T18:30:00.000Z' },
    });
  });

  it('clears a plan the server no longer has', () => {
    expect(profileUpdateFrom({ isSubscribed: false, activeSubscription: null })).toEqual({
      isSubscribed: false,
      activeSubscription: null,
    });
  });

  it('leaves alone what the answer lacks or garbles', () => {
    expect(profileUpdateFrom(null)).toEqual({});
    expect(
      profileUpdateFrom({ phoneNumber: '', isSubscribed: 'yes', activeSubscription: { plan: 1 } }),
    ).toEqual({});
  });
});
