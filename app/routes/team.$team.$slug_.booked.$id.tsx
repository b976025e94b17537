/** /team/{team slug}/{slug}/booked/{id}?token=: the confirmation of a team event type's booking (decision 059). */
export { default, handle, loader, meta } from "./$username_.$slug_.booked.$id";
