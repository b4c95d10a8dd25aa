import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@chitram/contracts';
import { AccessTokenSigner, AccessTokenVerifier, createLogger, type RevocationList } from '@chitram/nest-kit';
import { AdminRoute, Public, PublicIdentified, Roles } from './access';
import { AccessGuard } from './access.guard';

class Routes {
  @Public()
  open() {}

  @Roles('admin')
  adminOnly() {}

  forgotten() {}

  @AdminRoute('finance')
  revenue() {}
}

@Roles('user')
class ViewerRoutes {
  inherited() {}

  @Public()
  overridden() {}
}

const parties = { issuer: 'chitram-auth', audience: 'chitram-api' };

describe('AccessGuard', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AccessTokenSigner(privateKey, { ...parties, ttlSeconds: 900 });
  const revoked = new Set<string>();
  const revocations = {
    isRevoked: async ({ sid }: { sid: string }) => revoked.has(sid),
  } as unknown as RevocationList;
  const guard = new AccessGuard(
    new AccessTokenVerifier(publicKey, parties),
    revocations,
    createLogger('gateway', 'silent'),
  );

  function context(controller: object, handler: string, authorization?: string) {
    const request: Record<string, unknown> = {
      method: 'GET',
      headers: authorization ? { authorization } : {},
      routeOptions: { url: `/api/${handler}` },
    };
    const ctx = {
      getHandler: () => (controller as { prototype: Record<string, object> }).prototype[handler],
      getClass: () => controller,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    return { ctx, request };
  }
  const tokenFor = (role: 'user' | 'admin', sid = randomUUID()) =>
    signer.sign({ sub: randomUUID(), role, sid });

  it('closes a route that declares nothing (fail closed), even to an admin', async () => {
    const { ctx } = context(Routes, 'forgotten', `Bearer ${await tokenFor('admin')}`);
    await expect(guard.canActivate(ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('opens a public route to anyone, at once (no promise for the common case)', () => {
    expect(guard.canActivate(context(Routes, 'open').ctx)).toBe(true);
  });

  it('still checks a token sent to a public route that identifies its caller', async () => {
    class Identified {
      @PublicIdentified()
      title() {}
    }
    await expect(
      guard.canActivate(context(Identified, 'title', 'Bearer not-a-token').ctx),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    expect(guard.canActivate(context(Identified, 'title').ctx)).toBe(true);
  });

  it('asks for a token, then for the role, and records who called', async () => {
    await expect(guard.canActivate(context(Routes, 'adminOnly').ctx)).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
    await expect(
      guard.canActivate(context(Routes, 'adminOnly', `Bearer ${await tokenFor('user')}`).ctx),
    ).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    const sid = randomUUID();
    const { ctx, request } = context(Routes, 'adminOnly', `Bearer ${await tokenFor('admin', sid)}`);
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(request.principal).toEqual({ subjectId: expect.any(String), role: 'admin', sessionId: sid });
  });

  it('lets an admin into an area only with a role it names (D34), and records the role', async () => {
    const asRole = async (adminRole?: 'finance' | 'content' | 'owner') =>
      `Bearer ${await signer.sign({ sub: randomUUID(), role: 'admin', sid: randomUUID(), adminRole })}`;
    await expect(
      guard.canActivate(context(Routes, 'revenue', await asRole('content')).ctx),
    ).rejects.toMatchObject({ code: ErrorCode.ADMIN_ROLE_FORBIDDEN });
    await expect(guard.canActivate(context(Routes, 'revenue', await asRole()).ctx)).rejects.toMatchObject({
      code: ErrorCode.ADMIN_ROLE_FORBIDDEN,
    });
    for (const role of ['finance', 'owner'] as const) {
      const { ctx, request } = context(Routes, 'revenue', await asRole(role));
      await expect(guard.canActivate(ctx)).resolves.toBe(true);
      expect(request.principal).toMatchObject({ role: 'admin', adminRole: role });
    }
  });

  it('refuses a revoked session', async () => {
    const sid = randomUUID();
    revoked.add(sid);
    await expect(
      guard.canActivate(context(Routes, 'adminOnly', `Bearer ${await tokenFor('admin', sid)}`).ctx),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_REVOKED });
  });

  it("uses the controller's declaration for a handler without one, the handler's own first", async () => {
    await expect(guard.canActivate(context(ViewerRoutes, 'inherited').ctx)).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
    expect(guard.canActivate(context(ViewerRoutes, 'overridden').ctx)).toBe(true);
  });
});
