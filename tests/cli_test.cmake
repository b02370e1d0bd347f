# Drives the niagara command-line tool as a user would. Variables: CLI, DATA, WORK, PART.
file(MAKE_DIRECTORY ${WORK})
function(run expect_code)
    execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT code EQUAL expect_code)
        message(FATAL_ERROR "niagara ${ARGN}: exit ${code}, expected ${expect_code}\n${out}\n${err}")
    endif()
    set(out "${out}" PARENT_SCOPE)
    set(err "${err}" PARENT_SCOPE)
endfunction()

# PART=arena: only `niagara arena` (registered as a test of its own).
if(PART STREQUAL "arena")
    # arena: a few games of greedy against random print the win rate with its interval, the mean
    # rank and the decision times; the figures are the same with two jobs (seeded per game).
    run(0 arena --games 4 --bot greedy --against random --players 3 --max-rounds 300)
    foreach(figure "win rate [0-9.]+% \\(95% CI [0-9.]+%-[0-9.]+%, Wilson\\), par 33.3%"
                   "mean rank [0-9.]+ \\(1 = best; par 2.00\\)" "decision time ms \\(candidate\\): p50"
                   "playouts/s" "games/s")
        if(NOT out MATCHES "${figure}")
            message(FATAL_ERROR "arena output lacks '${figure}':\n${out}")
        endif()
    endforeach()
    run(0 arena --games 6 --bot random --against greedy --players 3 --max-rounds 300 --json)
    string(JSON one_job_credits GET "${out}" win_credits)
    string(JSON one_job_rank GET "${out}" mean_rank)
    run(0 arena --games 6 --bot random --against greedy --players 3 --max-rounds 300 --json --jobs 2)
    string(JSON two_jobs_credits GET "${out}" win_credits)
    string(JSON two_jobs_rank GET "${out}" mean_rank)
    if(NOT one_job_credits STREQUAL two_jobs_credits OR NOT one_job_rank STREQUAL two_jobs_rank)
        message(FATAL_ERROR "arena results differ with --jobs 2: ${one_job_credits}/${one_job_rank} "
                            "against ${two_jobs_credits}/${two_jobs_rank}")
    endif()
    # --audit: the candidate's blunders per 100 games, in text and JSON (the random bot makes
    # plenty: 30 games of it lose canoes needlessly).
    run(0 arena --games 30 --bot random --against greedy --audit)
    string(CONCAT audit_line "audit \\(candidate, per 100 games\\): "
           "canoes lost when a safe turn existed [0-9.]+ \\([1-9][0-9]*\\), "
           "winning gems given up [0-9.]+ \\([0-9]+\\), "
           "clouds with a canoe in danger and a safe number card [0-9.]+ \\([0-9]+\\); "
           "[1-9][0-9]* turns judged")
    if(NOT out MATCHES "${audit_line}")
        message(FATAL_ERROR "arena --audit output lacks its line:\n${out}")
    endif()
    run(0 arena --games 6 --bot greedy --audit --json)
    string(JSON audited_turns GET "${out}" audit turns)
    string(JSON needless GET "${out}" audit canoes_lost_needlessly)
    if(audited_turns LESS 1 OR needless LESS 0)
        message(FATAL_ERROR "arena --audit --json: ${out}")
    endif()
    run(2 arena --bot champion)
    run(2 arena --games 0)
    run(2 arena --players 9)
    run(2 arena --games)
    run(2 arena --iterations -1)
    run(2 arena --fast)
    return()
endif()

# replay: a finished game prints its final state and result.
run(0 replay ${DATA}/finished_5p.json)
if(NOT out MATCHES "\"phase\": \"over\"" OR NOT out MATCHES "\"winners\": \\[\n *0\n *\\]")
    message(FATAL_ERROR "replay did not print the finished state with seat 0 winning:\n${out}")
endif()

# replay: an illegal action is named by its index and reason, with a non-zero exit.
run(1 replay ${DATA}/illegal_at_5.json)
if(NOT err MATCHES "action 5 is illegal: it is Seat 2's turn")
    message(FATAL_ERROR "replay did not name the illegal action:\n${err}")
endif()

# legal: after an unfinished record, every seat still choosing lists its cards.
run(0 legal ${DATA}/unfinished_5p.json)
if(NOT out MATCHES "seat 1 \\(index 0\\):\n  play 1\n" OR NOT out MATCHES "play cloud")
    message(FATAL_ERROR "legal did not list the expected actions:\n${out}")
endif()
run(0 legal ${DATA}/finished_5p.json)
if(NOT out MATCHES "the game is over")
    message(FATAL_ERROR "legal after a finished game:\n${out}")
endif()

# selfplay: the benchmark prints its figures.
run(0 selfplay --games 20 --players 3 --seed 5)
foreach(figure "games/s" "actions/s" "average rounds per game" "wins by seat: 1:")
    if(NOT out MATCHES "${figure}")
        message(FATAL_ERROR "selfplay output lacks '${figure}':\n${out}")
    endif()
endforeach()

# demo: a readable log and a record that replays.
run(0 demo --players 4 --seed 9 --record ${WORK}/demo.json)
if(NOT out MATCHES "Round 1: Seat [1-4] holds the life preserver" OR NOT out MATCHES "reveals")
    message(FATAL_ERROR "demo log is not readable:\n${out}")
endif()
run(0 replay ${WORK}/demo.json)

# Mistakes: a missing file, a file that is not JSON, unknown commands and flags.
run(1 replay ${WORK}/missing.json)
file(WRITE ${WORK}/broken.json "{not json")
run(1 replay ${WORK}/broken.json)
if(NOT err MATCHES "not valid JSON")
    message(FATAL_ERROR "broken JSON not explained:\n${err}")
endif()
run(2 fly)
run(2 selfplay --players)
run(2 selfplay --players 9)
