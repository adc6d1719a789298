"""The replay viewer (a recorded game or a replay file played back) and the review viewer (the
same with the solver's verdict on each move): the scenes, the bar under the board, the
review's marks and its job worked out away from the frames.
"""
