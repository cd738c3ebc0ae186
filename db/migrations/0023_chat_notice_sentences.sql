-- Chat notices stored a code ('mention', 'message') as their action and the sender's name and verb
-- among their segments, so the bell read "Dana Designer mention Dana Designer mentioned you: …".
-- They now read like every other notice: the verb is the action, the message its one segment.
UPDATE "notifications"
SET "action" = "segments"->1->>'text',
    "segments" = jsonb_build_array("segments"->2)
WHERE "action" IN ('mention', 'message')
  AND jsonb_typeof("segments") = 'array'
  AND jsonb_array_length("segments") = 3
  AND jsonb_typeof("segments"->1) = 'object';
