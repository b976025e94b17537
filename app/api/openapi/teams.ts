import { z } from "zod";
import {
  teamAcceptBody,
  teamCreateBody,
  teamInvitationListItemSchema,
  teamInvitationSchema,
  teamInviteBody,
  teamMemberSchema,
  teamRoleBody,
  teamSchema,
} from "~/schemas/teams";
import { teamEventTypeBody, teamEventTypeJsonSchema } from "~/schemas/team-event-types";
import { brandColorBody } from "~/schemas/brand-color";
import { body, errors, idParam, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Named teams (decision 057): a team has a name, a slug (one namespace with usernames) and
 * members with roles owner, admin or member. Owners and admins invite, remove and change roles
 * (only owners touch the owner role); a member gets 403 on those writes, and anyone outside the
 * team 404 for it. The last owner cannot leave or be demoted (409 last_owner).
 */

const memberParams = idParam.extend({
  userId: z
    .string()
    .meta({ description: "The member's user id (a UUID).", example: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
});

const invitationParams = idParam.extend({
  invitationId: z
    .string()
    .meta({ description: "The invitation's id (a UUID).", example: "7d2e4f60-1b3c-4a5d-9e8f-0a1b2c3d4e5f" }),
});

const eventTypeParams = idParam.extend({
  eventTypeId: z
    .string()
    .meta({ description: "The team event type's _id (a UUID).", example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f" }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/teams": {
    get: {
      operationId: "listTeams",
      summary: "The caller's teams, each with the caller's role, by name.",
      tags: ["Teams"],
      security: signedIn,
      responses: { "200": json("The teams.", z.array(teamSchema)), ...errors(401) },
    },
    post: {
      operationId: "createTeam",
      summary:
        "Creates a team with the caller as its owner. The slug follows the username rules and may equal no username and no other team's slug, whatever the case (409 slug_taken). Its page is /team/{slug}.",
      tags: ["Teams"],
      security: signedIn,
      requestBody: body(teamCreateBody),
      responses: { "201": json("The team, role owner.", teamSchema), ...errors(400, 401, 409, 413, 415) },
    },
  },
  "/api/teams/{id}": {
    get: {
      operationId: "getTeam",
      summary: "A team the caller is in, with the caller's role, the team's brand colour and its logo's URL.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The team.", teamSchema), ...errors(401, 404) },
    },
    patch: {
      operationId: "updateTeam",
      summary:
        "Owners and admins set the team's booking pages' brand colour (#rrggbb, #rgb or without #), or null for the default. A colour on which white text reads below 4.5:1 (WCAG AA) is 400 invalid_input, with the ratio in fields.brandColor.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(brandColorBody),
      responses: { "200": json("The team.", teamSchema), ...errors(400, 401, 403, 404, 413, 415) },
    },
  },
  "/api/teams/{id}/logo": {
    post: {
      operationId: "uploadTeamLogo",
      summary:
        "Owners and admins set the team's logo (decision 112): multipart/form-data with the image in field `logo`, checked like a profile photo (JPEG, PNG or WebP by its bytes, at most 5 MB and 40 megapixels), fitted whole into a square and stored as WebP without metadata. Its booking pages show it instead of a host's photo. 413 over 5 MB, 422 invalid_image for a file that is no readable JPEG, PNG or WebP, 400 without a file, 415 for a body that is not multipart.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ logo: z.string().meta({ format: "binary", description: "The image file." }) }),
          },
        },
      },
      responses: {
        "200": json("The team, with its new logoUrl.", teamSchema),
        ...errors(400, 401, 403, 404, 413, 415, 422),
      },
    },
    delete: {
      operationId: "deleteTeamLogo",
      summary: "Owners and admins remove the team's logo (204 also when it had none).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 403, 404) },
    },
  },
  "/api/teams/{id}/invitations": {
    get: {
      operationId: "listTeamInvitations",
      summary: "Owners and admins see the invitations not yet accepted (pending, then declined), by address.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: {
        "200": json("The invitations.", z.array(teamInvitationListItemSchema)),
        ...errors(401, 403, 404),
      },
    },
    post: {
      operationId: "inviteToTeam",
      summary:
        "Owners and admins invite an e-mail address with a role (default member; only an owner grants owner). The address gets a link to accept, signed in with that address. A declined invitation is renewed; a pending one (409 already_invited) or a member's address (409 already_member) is refused; at most 50 members and pending invitations (409 team_full).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(teamInviteBody),
      responses: {
        "201": json("The invitation, pending.", teamInvitationSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/teams/{id}/invitations/{invitationId}": {
    delete: {
      operationId: "revokeTeamInvitation",
      summary:
        "Owners and admins withdraw an invitation not yet accepted: its link stops working (POST /api/team-invitations/accept answers 404 for it).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: invitationParams },
      responses: { "204": noContent, ...errors(401, 403, 404) },
    },
  },
  "/api/teams/{id}/invitations/{invitationId}/resend": {
    post: {
      operationId: "resendTeamInvitation",
      summary:
        "Owners and admins mail the invitation again with a new link (the old link stops working); a declined invitation is pending again. Only an owner resends an invitation granting owner (403).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: invitationParams },
      responses: { "200": json("The invitation, pending.", teamInvitationSchema), ...errors(401, 403, 404) },
    },
  },
  "/api/team-invitations/accept": {
    post: {
      operationId: "acceptTeamInvitation",
      summary:
        "The invitee, signed in with the invited address, joins the team with the invitation's role. A token that opens nothing is 404, an invitation to another address 403, one already answered or withdrawn 409 not_pending.",
      tags: ["Teams"],
      security: signedIn,
      requestBody: body(teamAcceptBody),
      responses: {
        "200": json("The team joined, with the caller's role.", teamSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/teams/{id}/members": {
    get: {
      operationId: "listTeamMembers",
      summary: "The team's members with their roles (owners, admins, members); any member may read them.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The members.", z.array(teamMemberSchema)), ...errors(401, 404) },
    },
  },
  "/api/teams/{id}/members/{userId}": {
    patch: {
      operationId: "changeTeamMemberRole",
      summary:
        "Owners and admins change a member's role; admins cannot change an owner or grant owner. The last owner cannot be demoted (409 last_owner).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: memberParams },
      requestBody: body(teamRoleBody),
      responses: {
        "200": json("The member as changed.", teamMemberSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415),
      },
    },
    delete: {
      operationId: "removeTeamMember",
      summary:
        "Owners and admins remove a member (admins cannot remove an owner); any member may remove themselves (leave). The last owner cannot leave (409 last_owner). The person stops hosting the team's event types; booked meetings stay.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: memberParams },
      responses: { "204": noContent, ...errors(401, 403, 404, 409) },
    },
  },
  "/api/teams/{id}/event-types": {
    get: {
      operationId: "listTeamEventTypes",
      summary: "The team's event types (collective, round robin, managed), by title; any member may read them.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The team's event types.", z.array(teamEventTypeJsonSchema)), ...errors(401, 404) },
    },
    post: {
      operationId: "createTeamEventType",
      summary:
        "Owners and admins make an event type of the team (decision 059): the event type body plus kind (collective, round-robin or managed), hosts ([{ userId, weight?, priority? }], every member when left out; each a member, else 422 invalid_hosts), roundRobinMode (round-robin only) and lockedFields (managed only). A collective or round-robin one takes a price and refundPolicy as a person's event type does (decision 120; 400 on price for a managed one or with requiresApproval): its booking is held awaiting payment and confirmed by Stripe's signed webhook. It books at /team/{slug}/{its slug} (bookingUrl); each host's hours are their own default schedule. A managed event type is not booked itself: each host gets a one-to-one copy on their own page, /{username}/{slug} (409 slug_taken naming a member whose own event type has the slug). A slug taken in the team is 409 slug_taken.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(teamEventTypeBody),
      responses: {
        "201": json("The event type, with its team, booking URL and hosts.", teamEventTypeJsonSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415, 422),
      },
    },
  },
  "/api/teams/{id}/event-types/{eventTypeId}": {
    get: {
      operationId: "getTeamEventType",
      summary: "One of the team's event types; any member may read it.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: eventTypeParams },
      responses: { "200": json("The event type.", teamEventTypeJsonSchema), ...errors(401, 404) },
    },
    put: {
      operationId: "replaceTeamEventType",
      summary:
        "Owners and admins replace it (fields left out take their defaults, as PUT /api/event-types/{id}). A managed event type's copies follow: a host added gets one, a host left out loses theirs, and every copy takes the locked fields. The kind cannot change to or from managed (422).",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: eventTypeParams },
      requestBody: body(teamEventTypeBody),
      responses: {
        "200": json("The event type as saved.", teamEventTypeJsonSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415, 422),
      },
    },
    delete: {
      operationId: "deleteTeamEventType",
      summary: "Owners and admins delete it; a managed event type's copies go with it. Booked meetings stay.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: eventTypeParams },
      responses: { "204": noContent, ...errors(401, 403, 404) },
    },
  },
};
