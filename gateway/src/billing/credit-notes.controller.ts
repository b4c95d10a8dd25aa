import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type CreditNoteView } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';
import { IsUUID } from 'class-validator';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { sendPdf } from './pdf-reply';

export class CreditNoteParams {
  @IsUUID()
  creditNoteId: string;
}

/** The viewer's credit notes, next to their tax invoices (DECISIONS D32, D39). */
@ApiTags('billing')
@Controller('user/credit-notes')
@Roles('user')
export class CreditNotesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':creditNoteId')
  @ApiOperation({
    summary: 'One of the viewer’s credit notes: the invoice it reduces, reason, taxable value and taxes',
  })
  creditNote(
    @CurrentPrincipal() caller: Principal,
    @Param() params: CreditNoteParams,
  ): Promise<CreditNoteView> {
    return this.rpc.call(Subjects.billing.refunds.creditNote, {
      viewerId: caller.subjectId,
      creditNoteId: params.creditNoteId,
    });
  }

  @Get(':creditNoteId/pdf')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The credit note as a PDF to download' })
  async creditNotePdf(
    @CurrentPrincipal() caller: Principal,
    @Param() params: CreditNoteParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendPdf(
      reply,
      await this.rpc.call(Subjects.billing.refunds.creditNotePdf, {
        viewerId: caller.subjectId,
        creditNoteId: params.creditNoteId,
      }),
    );
  }
}
