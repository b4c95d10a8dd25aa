import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AdminPaymentsRequest, CreditNoteRequest, RefundPaymentRequest, Subjects } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { CreditNotesService } from '../credit-notes/credit-notes.service';
import { AdminPaymentsService } from './admin-payments.service';
import { RefundsService } from './refunds.service';

const refunds = Subjects.billing.refunds;

/** Refunds, the back office's payments and the viewer's credit notes (libs/contracts/src/refunds.ts, D39). */
@Controller()
export class RefundsController {
  constructor(
    private readonly service: RefundsService,
    private readonly payments: AdminPaymentsService,
    private readonly creditNotes: CreditNotesService,
  ) {}

  @Handles(refunds.refund)
  refund(@Payload() body: RefundPaymentRequest) {
    return this.service.refund(body);
  }

  @Handles(refunds.payments)
  paymentPage(@Payload() body: AdminPaymentsRequest) {
    return this.payments.page(body);
  }

  @Handles(refunds.creditNote)
  creditNote(@Payload() body: CreditNoteRequest) {
    return this.creditNotes.get(body.viewerId, body.creditNoteId);
  }

  @Handles(refunds.creditNotePdf)
  creditNotePdf(@Payload() body: CreditNoteRequest) {
    return this.creditNotes.pdf(body.viewerId, body.creditNoteId);
  }
}
