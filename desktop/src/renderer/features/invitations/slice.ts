import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionReset } from '../auth';
import type { EmployeeRow, InvitationCheck, Paged } from '@tsudoi/common';
import type { InvitationOutcome } from './outcome';

export interface InvitationsState {
  /** The team list page as last loaded: members (owner first) and pending invitations. */
  employees: Paged<EmployeeRow> | null;
  loading: boolean;
  inviting: boolean;
  /** Field messages of the last refused bulk invitation (`emails.<index>`). */
  inviteFields: Record<string, string>;
  /** Counts successful bulk invitations, so the form clears itself and the seats reload. */
  sentCount: number;
  /** Pending invitations being mailed again. */
  resending: number[];
  /** Members being removed from the team (user ids). */
  removing: number[];
  /** The invitation page: the link's check and what it came to. */
  check: InvitationCheck | null;
  checking: boolean;
  accepting: boolean;
  outcome: InvitationOutcome | null;
}

export interface WithInvitations {
  invitations: InvitationsState;
}

const initialState: InvitationsState = {
  employees: null,
  loading: false,
  inviting: false,
  inviteFields: {},
  sentCount: 0,
  resending: [],
  removing: [],
  check: null,
  checking: false,
  accepting: false,
  outcome: null,
};

const invitationsSlice = createSlice({
  name: 'invitations',
  initialState,
  reducers: {
    employeesRequested(state, _action: PayloadAction<number>) {
      state.loading = true;
    },
    employeesLoaded(state, action: PayloadAction<Paged<EmployeeRow> | null>) {
      state.loading = false;
      if (action.payload) state.employees = action.payload;
    },
    invitesRequested(state, _action: PayloadAction<string[]>) {
      state.inviting = true;
      state.inviteFields = {};
    },
    invitesSent(state) {
      state.inviting = false;
      state.sentCount += 1;
    },
    invitesFailed(state, action: PayloadAction<Record<string, string>>) {
      state.inviting = false;
      state.inviteFields = action.payload;
    },
    resendRequested(state, action: PayloadAction<number>) {
      state.resending.push(action.payload);
    },
    resendFinished(state, action: PayloadAction<EmployeeRow | number>) {
      const row = action.payload;
      const id = typeof row === 'number' ? row : row.id;
      state.resending = state.resending.filter((other) => other !== id);
      if (typeof row !== 'number' && state.employees) {
        state.employees.data = state.employees.data.map((old) =>
          old.status === 'pending' && old.id === row.id ? row : old,
        );
      }
    },
    /** DELETE /company/{id}/members/{userId}: the member leaves the team (their open sessions are told). */
    memberRemoveRequested(state, action: PayloadAction<{ companyId: number; userId: number }>) {
      state.removing.push(action.payload.userId);
    },
    memberRemoveFinished(state, action: PayloadAction<{ userId: number; removed: boolean }>) {
      state.removing = state.removing.filter((id) => id !== action.payload.userId);
      if (action.payload.removed && state.employees) {
        state.employees.data = state.employees.data.filter(
          (row) => row.status !== 'active' || row.id !== action.payload.userId,
        );
        state.employees.total -= 1;
      }
    },
    invitationCheckRequested(state, _action: PayloadAction<{ id: number; email: string }>) {
      state.checking = true;
      state.check = null;
      state.outcome = null;
    },
    invitationChecked(
      state,
      action: PayloadAction<{ check: InvitationCheck | null; outcome: InvitationOutcome | null }>,
    ) {
      state.checking = false;
      state.check = action.payload.check;
      state.outcome = action.payload.outcome;
    },
    invitationAcceptRequested(state, _action: PayloadAction<number>) {
      state.accepting = true;
    },
    invitationAcceptFinished(state, action: PayloadAction<InvitationOutcome | null>) {
      state.accepting = false;
      if (action.payload) state.outcome = action.payload;
    },
  },
  // Another account may sign in next: nothing of this one's team stays behind.
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  employeesRequested,
  employeesLoaded,
  invitesRequested,
  invitesSent,
  invitesFailed,
  resendRequested,
  resendFinished,
  memberRemoveRequested,
  memberRemoveFinished,
  invitationCheckRequested,
  invitationChecked,
  invitationAcceptRequested,
  invitationAcceptFinished,
} = invitationsSlice.actions;
export const invitationsReducer = invitationsSlice.reducer;
export const selectInvitations = (state: WithInvitations): InvitationsState => state.invitations;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    invitations: ReturnType<typeof invitationsReducer>;
  }
}
