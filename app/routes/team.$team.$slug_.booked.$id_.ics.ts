/** /team/{team slug}/{slug}/booked/{id}/ics?token=: its calendar file (decision 059). */
export { loader } from "./$username_.$slug_.booked.$id_.ics";
