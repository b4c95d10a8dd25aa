import { DomainError, ErrorCode } from '@chitram/contracts';
import { NUL_PROBLEM, strictValidationPipe } from '@chitram/nest-kit';
import { IsOptional, IsString } from 'class-validator';

class Payload {
  @IsString()
  title: string;

  @IsOptional()
  @IsString({ each: true })
  cast?: string[];
}

// The services' pipe is what stops NUL in input the gateway's hook cannot see: the admin's
// multipart forms, read by their handlers and sent on to the catalog.
describe('the shared validation pipe', () => {
  const pipe = strictValidationPipe();
  const refusal = async (value: unknown, data?: string) => {
    try {
      await pipe.transform(value, { type: 'body', metatype: data ? String : Payload, data });
    } catch (error) {
      return error as DomainError;
    }
    return undefined;
  };

  it('refuses text holding NUL, naming each field, before validating', async () => {
    const error = await refusal({ title: 'Roja\u0000', cast: ['A', 'B\u0000'] });
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.toBody()).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: `title: ${NUL_PROBLEM}`,
      fields: { title: [NUL_PROBLEM], 'cast.1': [NUL_PROBLEM] },
    });
  });

  it('names a single value by its parameter', async () => {
    expect((await refusal('a\u0000b', 'id'))?.fields).toEqual({ id: [NUL_PROBLEM] });
  });

  it('validates as before otherwise', async () => {
    await expect(pipe.transform({ title: 'Roja' }, { type: 'body', metatype: Payload })).resolves.toEqual({
      title: 'Roja',
    });
    expect((await refusal({ title: 1 }))?.code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
