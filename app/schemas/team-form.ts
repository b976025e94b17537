/** The mailed accept link of a team invitation (decisions 020 and 057; its URL never changed). */
export const TEAM_ACCEPT_PAGE = "/dashboard/team/accept";
